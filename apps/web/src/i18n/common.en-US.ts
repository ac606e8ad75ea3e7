/**
 * Words every screen uses in the same role (buttons, column headers, list and selection
 * labels), part of en-US. A text goes here only when it means the same thing wherever it
 * appears and the Chinese agrees; a text that reads alike but means something else in its
 * context (a task type, a sort field, an expiry choice) stays in its domain.
 */
export const commonEnUS = {
  // Buttons and actions
  cancel: 'Cancel',
  close: 'Close',
  save: 'Save',
  saveChanges: 'Save changes',
  delete: 'Delete',
  edit: 'Edit',
  rename: 'Rename',
  preview: 'Preview',
  open: 'Open',
  download: 'Download',
  /** Copy to the clipboard (copying files is `mountExplorer.actions.copy`). */
  copy: 'Copy',
  copied: 'Copied',
  copyLink: 'Copy link',
  search: 'Search',
  refresh: 'Refresh',
  reload: 'Reload',
  retry: 'Retry',
  signIn: 'Sign in',
  chooseFiles: 'Choose files',
  clearFinished: 'Clear finished',
  // Selection and lists
  selectItem: 'Select {{name}}',
  clearSelection: 'Clear selection',
  selectedCount_one: '{{count}} selected',
  selectedCount_other: '{{count}} selected',
  itemCount_one: '{{count}} item',
  itemCount_other: '{{count}} items',
  noMatches: 'Nothing matches “{{search}}”',
  speed: '{{speed}}/s',
  // Labels and column headers
  name: 'Name',
  size: 'Size',
  type: 'Type',
  created: 'Created',
  remark: 'Remark',
  password: 'Password',
  expires: 'Expires',
  expired: 'Expired',
  /** An expiry that never comes (zh: 永不过期). */
  never: 'Never',
};
