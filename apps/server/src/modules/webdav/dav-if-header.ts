import { davBadRequest } from './dav.errors';

/** One condition of an `If` list: a lock token or an entity tag, maybe negated (RFC 4918 §10.4). */
export interface IfCondition {
  not: boolean;
  token?: string;
  etag?: string;
}

/** A list of conditions that must all hold, for the request's resource or a tagged one. */
export interface IfList {
  /** The Resource-Tag (a URL as sent), or null for the request's own resource. */
  resource: string | null;
  conditions: IfCondition[];
}

/**
 * The `If` header as lists (RFC 4918 §10.4): `(<token> ["etag"])`, `Not`, and tagged lists
 * `<url> (…)`. Anything else is a 400, never a guess.
 */
export function parseIfHeader(header: string): IfList[] {
  const lists: IfList[] = [];
  let rest = header.trim();
  let resource: string | null = null;
  const fail = () => davBadRequest(`The If header cannot be read: ${header}`);
  while (rest !== '') {
    if (rest.startsWith('<')) {
      const end = rest.indexOf('>');
      if (end < 0) throw fail();
      resource = rest.slice(1, end);
      rest = rest.slice(end + 1).trimStart();
      if (!rest.startsWith('(')) throw fail();
      continue;
    }
    if (!rest.startsWith('(')) throw fail();
    const end = rest.indexOf(')');
    if (end < 0) throw fail();
    lists.push({ resource, conditions: parseConditions(rest.slice(1, end), fail) });
    rest = rest.slice(end + 1).trimStart();
  }
  if (lists.length === 0) throw fail();
  return lists;
}

function parseConditions(text: string, fail: () => Error): IfCondition[] {
  const conditions: IfCondition[] = [];
  let rest = text.trim();
  while (rest !== '') {
    let not = false;
    if (/^not\b/i.test(rest)) {
      not = true;
      rest = rest.slice(3).trimStart();
    }
    if (rest.startsWith('<')) {
      const end = rest.indexOf('>');
      if (end < 0) throw fail();
      conditions.push({ not, token: rest.slice(1, end) });
      rest = rest.slice(end + 1).trimStart();
    } else if (rest.startsWith('[')) {
      const end = rest.indexOf(']');
      if (end < 0) throw fail();
      conditions.push({ not, etag: rest.slice(1, end) });
      rest = rest.slice(end + 1).trimStart();
    } else {
      throw fail();
    }
  }
  if (conditions.length === 0) throw fail();
  return conditions;
}

/** Entity tags compared as `If` does: weak and strong forms alike, quotes included. */
export const sameEtag = (a: string, b: string) => a.replace(/^W\//, '') === b.replace(/^W\//, '');

/** Every lock token an `If` header names: the tokens the client submits (§10.4.1). */
export const submittedTokens = (lists: IfList[]) =>
  lists.flatMap((list) => list.conditions.flatMap((c) => (c.token ? [c.token] : [])));
