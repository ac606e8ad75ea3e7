/**
 * Upload requests (issue "Share anything", part 2: links through which others send files into
 * a folder): their tab in file management, the explorer's Request files, the dashboard's card
 * and the visitor's page at /r/{slug}; part of the en-US dictionary, loaded with those pages.
 * `openInNewTab`, `createdByKey`, `deletedKey`, `form` and `notifications.updated` are read by
 * the management kit's share pieces, `link` by ShareLinkPanel and `view` by the share-view
 * shell, each under the same names as the other shares' texts; the form's words every share
 * has are `shareForm.*`. A request's "views" are the files it receives: the texts say files.
 */
export const uploadRequestsEnUS = {
  openInNewTab: 'Open in a new tab',
  createdByKey: 'Made with the API key “{{name}}”',
  deletedKey: 'Deleted key',
  form: {
    title: 'Edit upload request',
    slugPlaceholder: 'Leave empty for a random one',
    remarkPlaceholder: 'Whom are you asking, and for what?',
    passwordProtected: 'Visitors need a password to send files.',
    passwordOpen: 'Anyone with the link can send files.',
    passwordRemoveHint: 'After saving, anyone with the link can send files.',
    maxViews: 'Max files',
    maxViewsDescription_one: '0 means unlimited. {{count}} file received so far.',
    maxViewsDescription_other: '0 means unlimited. {{count}} files received so far.',
    maxViewsNew: '0 means unlimited. The request closes once this many files have arrived.',
    folder: 'Folder',
    folderDescription: 'Where the files arrive. You must be able to write into it.',
    folderPlaceholder: '/team/inbox',
    folderRequired: 'Enter the folder the files go into',
    folderInvalid: 'A folder path such as /team/inbox, without “..”',
    maxFileSize: 'Max size per file',
    maxFileSizeDescription: 'Empty or 0: the server’s upload limit only.',
    maxFileSizePlaceholder: 'Server’s limit',
    maxTotalSize: 'Max size in all',
    maxTotalSizeDescription: 'Empty or 0: no limit.',
    maxTotalSizeReceived: 'Empty or 0: no limit. {{value}} received so far.',
    sizeUnit: 'Unit',
    sizeInvalid: 'Enter a size of 0 or more',
    allowedTypes: 'Accepted types',
    allowedTypesDescription:
      'Extensions (.pdf), media types (application/pdf) or families (image/*). Empty: any type.',
    allowedTypesPlaceholder: 'Type one and press Enter',
    allowedTypesInvalid: '“{{value}}” is not an extension, a media type or a family',
    allowedTypesTooMany: 'At most {{max}} types',
    typePresets: 'Add',
    presets: {
      images: 'Images',
      pdf: 'PDF',
      documents: 'Office documents',
      archives: 'Archives',
    },
    maxFilesInvalid: 'Enter a whole number, 0 or more',
    maxFilesTooLarge: 'At most {{max}}',
  },
  notifications: {
    created: 'Upload request created',
    updated: 'Upload request “{{slug}}” updated',
    deleted: 'Upload request “{{slug}}” deleted',
    linkCopied: 'Link copied',
  },
  /** The request's address with its QR code and copy button (ShareLinkPanel). */
  link: {
    shareLink: 'Upload link',
    copyLink: 'Copy upload link',
    copied: 'Copied',
    qrCode: 'QR code of the upload link',
  },
  /** The Request files dialog (explorer and file management), then the link it made. */
  create: {
    title: 'Request files',
    titleFor: 'Request files into “{{name}}”',
    intro:
      'Anyone with the link can send files into this folder, without signing in. They never see what is in it.',
    submit: 'Create upload link',
    ready: 'The upload link is ready. Send it to the people who should send you files:',
    open: 'Open',
    done: 'Done',
  },
  /** What limits a request, as badges and facts (owner and visitor alike). */
  limits: {
    perFile: 'Up to {{value}} per file',
    anyType: 'Any type',
    anyNumber: 'Any number',
    noLimit: 'No limit',
    noEnd: 'No end date',
    maxFiles_one: 'At most {{count}} file',
    maxFiles_other: 'At most {{count}} files',
    maxTotal: 'At most {{value}} in all',
    expires: 'Expires: {{value}}',
  },
  explorer: {
    requestFiles: 'Request files',
    requestFilesHere: 'Request files here',
  },
  /** File management's tab of upload requests. */
  manage: {
    tab: 'Upload requests',
    new: 'New upload request',
    search: 'Search upload requests',
    searchPlaceholder: 'Search by folder, link suffix or remark',
    count_one: '{{count}} upload request',
    count_other: '{{count}} upload requests',
    matchCount_one: '{{count}} match',
    matchCount_other: '{{count}} matches',
    loadFailed: 'The upload requests could not be loaded',
    empty: 'No upload request yet',
    emptyHint:
      'An upload request is a link through which others send files into one of your folders: clients, colleagues, anyone without an account.',
    noMatchesHint: 'Search looks at folders, link suffixes and remarks.',
    columns: {
      folder: 'Folder',
      link: 'Link',
      accepts: 'Accepts',
      received: 'Received',
      created: 'Created',
      creator: 'Created by',
    },
    received_one: '{{count}} file',
    received_other: '{{count}} files',
    receivedOf: '{{count}} / {{max}} files',
    nothingYet: 'Nothing yet',
    lastArrival: 'Last file {{time}}',
    full: 'Full',
    showInExplorer: 'Show in the mount explorer',
    viewArrivals: 'What arrived',
    deleteConfirm: {
      title: 'Delete upload request',
      body: 'Delete the upload request “{{slug}}” into “{{name}}”? The link stops working; the files that arrived stay in the folder.',
    },
    batchDeleteConfirm: {
      title: 'Delete selected upload requests',
      body_one:
        'Delete {{count}} upload request? Its link stops working; the files that arrived stay where they are.',
      body_other:
        'Delete {{count}} upload requests? Their links stop working; the files that arrived stay where they are.',
      confirm_one: 'Delete {{count}} request',
      confirm_other: 'Delete {{count}} requests',
    },
    batchDeleted_one: '{{count}} upload request deleted',
    batchDeleted_other: '{{count}} upload requests deleted',
  },
  /** A request's own view: its link and what arrived through it. */
  details: {
    title: 'Upload request “{{slug}}”',
    arrivals: 'What arrived',
    arrivalsEmpty: 'No file has arrived yet',
    arrivalsEmptyHint: 'Files sent through the link show here as they arrive.',
    arrivalsFailed: 'The files could not be loaded',
    showFolder: 'Show in its folder',
    more: 'Show more',
  },
  /** The dashboard's card of what arrived lately. */
  recent: {
    title: 'Recent uploads from requests',
    manage: 'Upload requests',
  },
  /** The visitor's page, /r/{slug}. */
  view: {
    pageTitle: 'Send files',
    label: 'Files requested',
    intro:
      'Whoever shared this link asks you for files. What you send goes into their folder; nobody who has the link can see what is in it.',
    loadFailed: 'The upload request could not be loaded',
    retry: 'Retry',
    meta: {
      protected: 'Password protected',
      lastView: 'No more files accepted',
    },
    accepts: {
      title: 'What you can send',
      perFile: 'Size per file',
      upTo: 'Up to {{value}}',
      filesLeft: 'Files left',
      bytesLeft: 'Space left',
      types: 'Accepted types',
      expires: 'Accepts files until',
      privacy: 'Nobody with this link sees the folder’s contents or other people’s files.',
    },
    password: {
      title: 'This upload request is protected',
      body: 'Enter the password to send files.',
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
        title: 'Upload request not found',
        body: 'Nothing takes files at this link. Check the address, or the request may have been deleted.',
      },
      expired: {
        title: 'This upload request has closed',
        body: 'Its owner gave it an end date, and that date has passed. Ask them for a new link.',
      },
      exhausted: {
        title: 'This upload request is full',
        body: 'It has received all the files it asked for. If you have more to send, ask its owner for a new link.',
      },
      pathGone: {
        title: 'This upload request no longer takes files',
        body: 'The folder it fills is gone, or its owner can no longer write into it.',
      },
    },
    drop: {
      title: 'Drop files here',
      titleActive: 'Drop to send them',
      or: 'or',
      choose: 'Choose files',
      hint_one: 'One more file at most',
      hint_other: 'Up to {{count}} more files',
      full: 'This request takes no more files.',
      fullHint: 'Everything it asked for has arrived.',
      inProgress_one:
        'A file is still arriving here. If it is yours, choose the same file again to resume it where it stopped.',
      inProgress_other:
        '{{count}} files are still arriving here. If one is yours, choose the same file again to resume it where it stopped.',
    },
    queue: {
      title: 'Your files',
      notSent: 'Not sent',
      summary: '{{done}} of {{total}} sent',
      waiting: 'Waiting',
      uploading: 'Sending… {{percent}}%',
      sent: 'Sent',
      refused: 'Not accepted',
      failed: 'Failed',
      cancelled: 'Cancelled',
      storedAs: 'Stored as “{{name}}”',
      cancel: 'Cancel',
      retry: 'Try again',
      remove: 'Remove from the list',
    },
    refusals: {
      tooLarge: 'Larger than the {{limit}} this request accepts per file',
      typeNotAllowed: 'Not an accepted type (accepted: {{types}})',
      tooManyFiles_one: 'The request takes only {{count}} more file',
      tooManyFiles_other: 'The request takes only {{count}} more files',
      tooManyFilesNone: 'The request takes no more files',
      noRoom: 'Does not fit: {{remaining}} left in this request',
      full: 'The request has received all the files it accepts',
      expired: 'The request has closed',
      closed: 'The request no longer takes files',
      network: 'The connection was lost; try again',
      timeout: 'The upload took too long; try again',
      http: 'The server answered HTTP {{status}}',
    },
    thanks: {
      title: 'Thank you!',
      body_one: 'Your file was sent to “{{name}}”.',
      body_other: 'Your {{count}} files were sent to “{{name}}”.',
      listTitle: 'Sent',
      complete: 'The request now has everything it asked for.',
      sendMore: 'Send more files',
    },
  },
};
