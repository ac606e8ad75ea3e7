/**
 * The management kit's public entry: what other features import from it, named (the rule
 * web-features-through-their-entry in .dependency-cruiser.cjs). Its own files import each other
 * directly, never through here.
 */
export {
  CollectionEmpty,
  CollectionStatus,
  EmptyState,
  LoadFailed,
  PagedCollection,
} from './components/CollectionStatus';
export {
  BatchDeleteButton,
  CollectionToolbar,
  RefreshButton,
  SearchAndBatchBar,
  SelectionBar,
} from './components/CollectionToolbar';
export type { RowAction, TableColumn } from './components/DataTable';
export { DataTable } from './components/DataTable';
export { EditModal } from './components/EditModal';
export { deleteAction, editAction, viewAction } from './components/row-actions';
export type { SectionTab } from './components/SectionTabs';
export { SectionTabs } from './components/SectionTabs';
export { RelativeTime, ShareLink, ShareTitle } from './components/ShareCells';
export { ShareEditModal } from './components/ShareEditModal';
export { ShareSection } from './components/ShareSection';
export { ShareSettingsEditModal } from './components/ShareSettingsEditModal';
export type { ShareCreation } from './components/ShareSettingsFields';
export { FormButtons, ShareSettingsFields } from './components/ShareSettingsFields';
export type { ShareListProps } from './components/ShareTable';
export {
  createdColumns,
  ShareTable,
  shareCreatorCell,
  shareLinkColumn,
} from './components/ShareTable';
export { confirmDanger } from './confirm-danger';
export { schemaFieldErrors, serverFieldErrors, wordedErrors } from './form-errors';
export type { ShareSettingsValues } from './share-settings';
export { MAX_VIEWS_LIMIT, NEW_SHARE_SETTINGS, shareSettingsChanges } from './share-settings';
export { useBatchDelete } from './use-batch-delete';
export type { CollectionSelection } from './use-collection';
export { useCollection, useSearchInput, wholeList } from './use-collection';
export { useCreationDialog } from './use-creation-dialog';
export type { SetValue } from './use-edit-form';
export { useEditForm } from './use-edit-form';
export type { ModalState, ModalTarget } from './use-modal-target';
export { useModalTarget } from './use-modal-target';
export type { RangeSelectionState } from './use-range-selection';
export { useRangeSelection } from './use-range-selection';
export { useShareEditForm } from './use-share-edit-form';
export type { ShareSectionState } from './use-share-section';
export { useShareSection } from './use-share-section';
