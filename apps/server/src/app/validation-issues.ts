import type { z } from 'zod';

/** One entry of a `validation.failed` answer's `details`. */
export interface IssueDetail {
  location: string;
  /** Dotted path of the field (`items.0.targetPath`); empty for the whole of `location`. */
  path: string;
  message: string;
  /** The zod code and its bound let clients word the issue in their own language. */
  code: string;
  origin?: string;
  minimum?: number;
  maximum?: number;
}

/** A zod issue as details; an unknown-field issue gives one entry per field, at its own path. */
export function issueDetails(location: string, issue: z.core.$ZodIssue): IssueDetail[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({
      location,
      path: [...issue.path, key].join('.'),
      message: 'Unknown field',
      code: issue.code,
    }));
  }
  return [
    {
      location,
      path: issue.path.join('.'),
      message: issue.message,
      code: issue.code,
      ...(issue.code === 'too_small' || issue.code === 'too_big'
        ? {
            origin: issue.origin,
            ...(issue.code === 'too_small'
              ? { minimum: Number(issue.minimum) }
              : { maximum: Number(issue.maximum) }),
          }
        : {}),
    },
  ];
}

/** The answer's message: the first issue, led by the field it is about. */
export function describeIssue(location: string, detail: IssueDetail | undefined): string {
  if (!detail) return 'The request is not valid';
  return `${detail.path || location}: ${detail.message}`;
}
