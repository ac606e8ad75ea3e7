import { useState } from 'react';

/**
 * The row a modal shows. It outlives the open flag so the modal keeps its content while it
 * fades out; `exited` (the modal's exit transition end) forgets it.
 */
export function useModalTarget<T>() {
  const [target, setTarget] = useState<T | null>(null);
  const [opened, setOpened] = useState(false);
  return {
    target,
    opened,
    open: (item: T) => {
      setTarget(item);
      setOpened(true);
    },
    close: () => setOpened(false),
    exited: () => setTarget(null),
  };
}
