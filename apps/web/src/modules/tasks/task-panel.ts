import { createValueStore } from '../../shared/value-store';

/** Whether the task manager's panel is open; other screens (the dashboard) may open it. */
export const taskPanel = createValueStore(false);
