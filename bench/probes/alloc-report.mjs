// Ranks the allocation sites sampled by bench/probes/alloc-probe.mjs between two of its profiles:
// `node bench/probes/alloc-report.mjs <earlier.json> <later.json> [rows]` (the earlier one may be
// "-" for the start). Sizes are sampled bytes (each sample stands for about its interval).
import { readFileSync } from 'node:fs';

const [earlierFile, laterFile, rowsArg = '30'] = process.argv.slice(2);

/** Bytes per call site (function at file:line, with its caller), garbage included. */
function bySite(file) {
  const totals = new Map();
  if (file === '-') return totals;
  const { head, samples } =
    JSON.parse(readFileSync(file, 'utf8')).profile ?? JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map();
  const walk = (node, parent) => {
    nodes.set(node.id, { node, parent });
    for (const child of node.children) walk(child, node);
  };
  walk(head, null);
  const name = (node) => {
    if (!node) return '(root)';
    const { functionName, url, lineNumber } = node.callFrame;
    return `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
  };
  for (const { size, nodeId } of samples) {
    const { node, parent } = nodes.get(nodeId);
    const site = `${name(node)}  <  ${name(parent)}`;
    totals.set(site, (totals.get(site) ?? 0) + size);
  }
  return totals;
}

const earlier = bySite(earlierFile);
const later = bySite(laterFile);
const rows = [...later]
  .map(([site, bytes]) => [site, bytes - (earlier.get(site) ?? 0)])
  .filter(([, bytes]) => bytes > 0)
  .sort((a, b) => b[1] - a[1]);
const total = rows.reduce((sum, [, bytes]) => sum + bytes, 0);
console.log(`sampled ${(total / 1e6).toFixed(1)} MB`);
for (const [site, bytes] of rows.slice(0, Number(rowsArg))) {
  console.log(
    `${(bytes / 1e6).toFixed(2).padStart(8)} MB ${((bytes / total) * 100).toFixed(1).padStart(5)}%  ${site}`,
  );
}
