import { useState } from 'react';

/** Whether the modal shows, and what it says when it closes and once it has faded out. */
export interface ModalState {
  opened: boolean;
  onClose: () => void;
  onExited: () => void;
}

/**
 * The row a modal shows. It outlives the open flag so the modal keeps its content while it
 * fades out; `exited` (the modal's exit transition end) forgets it. `modal` is the same state
 * shaped as a modal's props, to spread on it.
 */
export function useModalTarget<T>() {
  const [target, setTarget] = useState<T | null>(null);
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  const exited = () => setTarget(null);
  const modal: ModalState = { opened, onClose: close, onExited: exited };
  return {
    target,
    opened,
    open: (item: T) => {
      setTarget(item);
      setOpened(true);
    },
    close,
    exited,
    modal,
  };
}

export type ModalTarget<T> = ReturnType<typeof useModalTarget<T>>;
