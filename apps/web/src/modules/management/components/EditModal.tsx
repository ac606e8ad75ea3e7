import { Modal, type ModalProps, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FormEvent, ReactNode } from 'react';

/**
 * A modal holding one edit form (useEditForm's): full screen on a phone, kept open while it
 * saves. Once it has faded out the form forgets the opening's values, then `onExited` runs.
 */
export function EditModal({
  title,
  form,
  opened,
  onClose,
  onExited,
  pending,
  size,
  onSubmit,
  testId,
  children,
}: {
  title: string;
  form: { reset: () => void };
  opened: boolean;
  onClose: () => void;
  onExited: () => void;
  pending: boolean;
  size: ModalProps['size'];
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  testId: string;
  children: ReactNode;
}) {
  const fullScreen = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={() => {
        form.reset();
        onExited();
      }}
      title={
        <Text fw={700} fz="lg">
          {title}
        </Text>
      }
      size={size}
      fullScreen={fullScreen}
      closeOnClickOutside={!pending}
    >
      <form onSubmit={onSubmit} noValidate data-testid={testId}>
        {children}
      </form>
    </Modal>
  );
}
