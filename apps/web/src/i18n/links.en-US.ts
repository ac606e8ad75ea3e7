/**
 * Short links (issue "Share anything", part 3): their tab in text management and the visitor's
 * page at /l/{slug}; part of the en-US dictionary, loaded with those pages. `openInNewTab`,
 * `createdByKey`, `deletedKey`, `form` and `notifications.updated` are read by the management
 * kit's share pieces, `link` by ShareLinkPanel, `preview.title` by SharePreviewModal and `view`
 * by the share-view shell, each under the same names as the other shares' texts; the form's
 * words every share has are `shareForm.*`. A view of a short link is a visit: the texts say
 * visits.
 */
export const linksEnUS = {
  openInNewTab: 'Open in a new tab',
  createdByKey: 'Created with the API key “{{name}}”',
  deletedKey: 'Deleted key',
  form: {
    title: 'Edit short link',
    url: 'Target address',
    urlDescription: 'Where the short link leads: an http or https address.',
    urlPlaceholder: 'https://example.com/a/rather/long/address',
    urlRequired: 'Enter the address the link leads to',
    urlInvalid: 'Enter a full http or https address, such as https://example.com',
    urlTooLong: 'At most {{max}} characters',
    slugPlaceholder: 'Leave empty for a random one',
    remarkPlaceholder: 'What is this link for?',
    passwordProtected: 'Visitors enter a password before the link takes them on.',
    passwordOpen: 'Anyone with the link goes straight on.',
    passwordRemoveHint: 'After saving, anyone with the link goes straight on.',
    maxViews: 'Max visits',
    maxViewsDescription_one: '0 means unlimited. Followed once so far.',
    maxViewsDescription_other: '0 means unlimited. Followed {{count}} times so far.',
    maxViewsNew: '0 means unlimited. Each time someone follows the link counts one.',
  },
  notifications: {
    created: 'Short link created',
    updated: 'Short link “{{slug}}” updated',
    deleted: 'Short link “{{slug}}” deleted',
    copied: 'Short link copied',
  },
  /** The short address with its QR code and copy button (ShareLinkPanel). */
  link: {
    shareLink: 'Short link',
    copyLink: 'Copy short link',
    copied: 'Copied',
    qrCode: 'QR code of the short link',
  },
  /** The New short link dialog, then the link it made. */
  create: {
    title: 'New short link',
    submit: 'Create short link',
    ready: 'The short link is ready. Send it:',
    done: 'Done',
  },
  /** The owner's look at one link: its QR code, where it leads and what limits it. */
  preview: {
    title: 'Short link',
    target: 'Leads to',
    visits: 'Visits',
  },
  /** Text management's tab of short links. */
  manage: {
    tabPastes: 'Pastes',
    tabLinks: 'Short links',
    create: 'New short link',
    search: 'Search short links',
    searchPlaceholder: 'Search by address, link suffix or remark',
    count_one: '{{count}} short link',
    count_other: '{{count}} short links',
    matchCount_one: '{{count}} match',
    matchCount_other: '{{count}} matches',
    loadFailed: 'The short links could not be loaded',
    empty: 'No short links yet',
    emptyHint:
      'Turn a long address into a short one that is easy to send, with a password, an expiry or a visit limit if you like.',
    noMatchesHint: 'Search looks at addresses, link suffixes and remarks.',
    columns: {
      link: 'Short link',
      target: 'Leads to',
      visits: 'Visits',
      creator: 'Created by',
    },
    visitsTooltip: '{{views}} of {{max}} allowed visits used',
    visitsUnlimitedTooltip_one: 'Followed once, no limit',
    visitsUnlimitedTooltip_other: 'Followed {{count}} times, no limit',
    view: 'View',
    noRemark: 'No remark',
    deleteConfirm: {
      title: 'Delete short link',
      body: 'Delete the short link “{{slug}}”? It stops working at once; the address it leads to is not affected.',
    },
    batchDeleteConfirm: {
      title: 'Delete selected short links',
      body_one: 'Delete {{count}} short link? It stops working at once.',
      body_other: 'Delete {{count}} short links? They stop working at once.',
      confirm_one: 'Delete {{count}} link',
      confirm_other: 'Delete {{count}} links',
    },
    batchDeleted_one: '{{count}} short link deleted',
    batchDeleted_other: '{{count}} short links deleted',
  },
  /** The visitor's page, /l/{slug}: shown only when the link cannot simply lead on. */
  view: {
    pageTitle: 'Short link',
    loadFailed: 'The short link could not be loaded',
    retry: 'Retry',
    password: {
      title: 'This link is protected',
      body: 'Enter the password to go on to where it leads.',
      label: 'Password',
      required: 'Enter the password',
      submit: 'Continue',
      wrong: 'Wrong password',
      tooManyAttempts_one: 'Too many attempts, please try again in {{count}} second',
      tooManyAttempts_other: 'Too many attempts, please try again in {{count}} seconds',
      tooManyAttemptsNoDelay: 'Too many attempts, please try again later',
    },
    unavailable: {
      home: 'Back to home',
      notFound: {
        title: 'Short link not found',
        body: 'No link goes by this name. Check the address, or the link may have been deleted.',
      },
      expired: {
        title: 'This link has expired',
        body: 'Its owner gave it an expiry time, and that time has passed.',
      },
      exhausted: {
        title: 'This link has been followed as often as allowed',
        body: 'Its owner limited how many times it can be followed, and every visit has been used.',
      },
    },
    /** The link needs no password (it changed, or this page was served from the app's cache). */
    open: {
      title: 'This link is ready',
      body: 'It needs no password. Continue to be taken to where it leads.',
      continue: 'Continue',
    },
    leaving: 'Taking you to {{host}}…',
  },
};
