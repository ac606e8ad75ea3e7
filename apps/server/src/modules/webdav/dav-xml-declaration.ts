/** What every XML body we answer starts with (its own module: errors and answers both need it). */
export const xmlDeclaration = '<?xml version="1.0" encoding="utf-8"?>\n';
