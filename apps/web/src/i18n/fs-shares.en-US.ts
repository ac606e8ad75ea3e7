/**
 * Shares of mounted files and folders (issue "Share anything"): the explorer's Share dialog,
 * the list in file management and the visitor's page at /s/{slug}; part of the en-US
 * dictionary. `openInNewTab`, `createdByKey`, `deletedKey`, `form` and `notifications.updated`
 * are read by the management kit's share pieces, `link` by ShareLinkPanel and `view` by the
 * share-view shell, each under the same names as the other shares' texts; the form's words
 * every share has are `shareForm.*`. A view of such a share is a download: the texts say
 * downloads.
 */
export const fsSharesEnUS = {
  openInNewTab: 'Open in a new tab',
  createdByKey: 'Shared with the API key “{{name}}”',
  deletedKey: 'Deleted key',
  form: {
    title: 'Edit share link',
    slugPlaceholder: 'Leave empty for a random one',
    remarkPlaceholder: 'Who is this link for?',
    passwordProtected: 'Visitors need a password to open this link.',
    passwordOpen: 'Anyone with the link can open it.',
    passwordRemoveHint: 'After saving, anyone with the link can open it.',
    maxViews: 'Max downloads',
    maxViewsDescription_one: '0 means unlimited. Downloaded once so far.',
    maxViewsDescription_other: '0 means unlimited. Downloaded {{count}} times so far.',
    maxViewsNew: '0 means unlimited. Each download of a file or a zip counts one.',
  },
  notifications: {
    created: 'Share link created',
    updated: 'Share link “{{slug}}” updated',
    deleted: 'Share link “{{slug}}” deleted',
  },
  kinds: {
    file: 'File',
    folder: 'Folder',
  },
  link: {
    shareLink: 'Share link',
    copyLink: 'Copy link',
    copied: 'Copied',
    qrCode: 'QR code of the share link',
  },
  /** The explorer's Share dialog, its badge and what its confirmations add. */
  create: {
    title: 'Share “{{name}}”',
    introFolder:
      'Anyone with the link can browse this folder and download what is in it, without signing in. Changes to the folder show at once.',
    introFile: 'Anyone with the link can preview and download this file, without signing in.',
    submit: 'Create link',
    readyFolder: 'The folder is shared. Send this link:',
    readyFile: 'The file is shared. Send this link:',
    open: 'Open',
    done: 'Done',
    expiresBadge: 'Expires: {{value}}',
    maxDownloadsBadge: 'Max downloads: {{value}}',
    existing_one: 'It already has {{count}} share link.',
    existing_other: 'It already has {{count}} share links.',
  },
  explorer: {
    share: 'Share',
    shared: 'Shared by link',
    renameFollows_one: '{{count}} share link will follow it.',
    renameFollows_other: '{{count}} share links will follow it.',
    moveFollows_one: '{{count}} share link will follow what you move.',
    moveFollows_other: '{{count}} share links will follow what you move.',
    deleteEnds_one: '{{count}} share link will stop working.',
    deleteEnds_other: '{{count}} share links will stop working.',
  },
  /** File management's tab of these shares. */
  manage: {
    tabUploaded: 'Uploaded files',
    tabMounted: 'Mounted files and folders',
    search: 'Search share links',
    searchPlaceholder: 'Search by path, link suffix or remark',
    count_one: '{{count}} share link',
    count_other: '{{count}} share links',
    matchCount_one: '{{count}} match',
    matchCount_other: '{{count}} matches',
    loadFailed: 'The share links could not be loaded',
    empty: 'No mounted file or folder is shared yet',
    emptyHint: 'In the mount explorer, choose Share in a file’s or folder’s menu.',
    openExplorer: 'Open the mount explorer',
    noMatchesHint: 'Search looks at paths, link suffixes and remarks.',
    columns: {
      shared: 'Shared',
      link: 'Link',
      path: 'Mount path',
      downloads: 'Downloads',
      created: 'Created',
      creator: 'Created by',
    },
    showInExplorer: 'Show in the mount explorer',
    linkCopied: 'Link copied',
    deleteConfirm: {
      title: 'Delete share link',
      body: 'Delete the link “{{slug}}” to “{{name}}”? The link stops working; the file or folder itself stays where it is.',
    },
    batchDeleteConfirm: {
      title: 'Delete selected share links',
      body_one:
        'Delete {{count}} share link? It stops working; the file or folder itself stays where it is.',
      body_other:
        'Delete {{count}} share links? They stop working; the files and folders themselves stay where they are.',
      confirm_one: 'Delete {{count}} link',
      confirm_other: 'Delete {{count}} links',
    },
    batchDeleted_one: '{{count}} share link deleted',
    batchDeleted_other: '{{count}} share links deleted',
  },
  /** The visitor's page, /s/{slug}. */
  view: {
    pageTitle: 'Shared files',
    loadFailed: 'The share could not be loaded',
    retry: 'Retry',
    meta: {
      downloadsLeft: 'Downloads left',
      downloadsLeftCount: 'Downloads left: {{count}}',
      expiresAt: 'Expires: {{value}}',
      unlimited: 'Unlimited',
      lastView: 'No downloads left',
      protected: 'Password protected',
      modified: 'Modified',
    },
    password: {
      title: 'This share is protected',
      body: 'Enter the password to browse and download it.',
      label: 'Password',
      required: 'Enter the password',
      submit: 'Unlock',
      wrong: 'Wrong password',
      tooManyAttempts_one: 'Too many attempts, please try again in {{count}} second',
      tooManyAttempts_other: 'Too many attempts, please try again in {{count}} seconds',
      tooManyAttemptsNoDelay: 'Too many attempts, please try again later',
    },
    unavailable: {
      home: 'Back to home',
      notFound: {
        title: 'Share not found',
        body: 'There is nothing shared at this link. Check the address, or the link may have been deleted.',
      },
      expired: {
        title: 'This share has expired',
        body: 'Its owner gave it an expiry time, and that time has passed.',
      },
      exhausted: {
        title: 'This share has been downloaded as often as allowed',
        body: 'Its owner limited how many downloads it allows, and every one has been used.',
      },
      pathGone: {
        title: 'The shared file or folder is gone',
        body: 'It was deleted or moved outside Sharebin, so the link has nothing to show.',
      },
    },
    folder: {
      label: 'Shared folder',
      breadcrumbs: 'Folder path',
      downloadAll: 'Download all (zip)',
      downloadSelection: 'Download selection (zip)',
      zipStarting: 'Your zip is being prepared; the download starts in a moment.',
      empty: 'This folder is empty',
      emptyHint: 'Nothing has been put here yet.',
      missingTitle: 'This folder is not in the share',
      missingBody: 'It may have been renamed, moved or deleted.',
      backToTop: 'Back to the shared folder',
      openFolder: 'Open',
      limitHint_one:
        'This share has {{count}} download left: each download of a file or a zip uses one, and so does each preview.',
      limitHint_other:
        'This share has {{count}} downloads left: each download of a file or a zip uses one, and so does each preview.',
    },
    file: {
      label: 'Shared file',
      openInTab: 'Open in new tab',
      qrHint: 'Scan to open this share on another device',
      showPreview: 'Show the preview',
      previewCounts:
        'This share allows a limited number of downloads, and showing the preview uses one of them.',
    },
  },
};
