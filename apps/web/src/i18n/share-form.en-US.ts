/**
 * The share settings form (link suffix, remark, password, expiry, view limit) that pastes, file
 * shares and shares of mounted paths all show, part of the en-US dictionary. Only what reads the
 * same for every kind of share is here; what names the share ("this paste", "downloads"), the
 * form's title and placeholders stay under each module's `form`.
 */
export const shareFormEnUS = {
  slug: 'Link suffix',
  slugDescription: 'Letters, digits, hyphen and underscore; at most {{max}} characters.',
  slugRequired: 'Enter a link suffix',
  slugPattern: 'Letters, digits, hyphen and underscore only',
  slugTooLong: 'At most {{max}} characters',
  slugReserved: 'This link suffix is reserved, choose another',
  remarkDescription: 'Only you see it; at most {{max}} characters.',
  remarkTooLong: 'At most {{max}} characters',
  password: 'Access password',
  passwordKeep: 'Keep',
  passwordChange: 'Change',
  passwordRemove: 'Remove',
  passwordNone: 'No password',
  passwordSet: 'Set a password',
  newPassword: 'New password',
  newPasswordPlaceholder: 'The password visitors will enter',
  passwordRequired: 'Enter the new password',
  passwordTooLong: 'At most {{max}} characters',
  expiry: 'Expiry',
  currentExpiry: 'Currently: {{value}}',
  expiredAt: 'expired {{value}}',
  expiryChoices: {
    keep: 'Keep',
    '1h': '1 hour',
    '1d': '1 day',
    '7d': '7 days',
    '30d': '30 days',
    never: 'Never',
  },
  expiryFromNow: 'Counted from the moment you save.',
  maxViewsInvalid: 'Enter a whole number, 0 or more',
  maxViewsTooLarge: 'At most {{max}}',
  nothingChanged: 'Nothing changed',
};
