import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import type { RowAction } from './DataTable';

/** The row actions every management list has, with the same icons everywhere. */
export const viewAction = (label: string, onClick: () => void): RowAction => ({
  label,
  icon: <IconEye size={17} stroke={1.7} />,
  onClick,
});

export const editAction = (label: string, onClick: () => void): RowAction => ({
  label,
  icon: <IconPencil size={17} stroke={1.7} />,
  onClick,
});

export const deleteAction = (label: string, onClick: () => void): RowAction => ({
  label,
  icon: <IconTrash size={17} stroke={1.7} />,
  color: 'red',
  onClick,
});
