/**
 * Deletes items one call each, for collections whose API has no batch delete: answers how many
 * went, and fails (with the first refusal) only when every call did.
 */
export async function deleteEach(
  ids: readonly string[],
  remove: (id: string) => Promise<unknown>,
): Promise<{ deleted: number }> {
  const outcomes = await Promise.allSettled(ids.map((id) => remove(id)));
  const deleted = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (deleted === 0 && failure) throw failure.reason;
  return { deleted };
}
