import { decodeUrlPath, normalizePath } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { buildMountTree, type MountPoint, overlayNestedMounts } from './mount-tree';

const mount = (mount_path: string, sort_order = 0) => ({ mount_path, sort_order, id: mount_path });
const names = (children: { name: string }[]) => children.map((child) => child.name);

describe('mount resolution', () => {
  const a = mount('/a');
  const ab = mount('/a/b');
  const deep = mount('/x/y/z');
  const photos = mount('/photos');
  const tree = buildMountTree([a, ab, deep, photos]);

  it('answers the mount and the path below it, / at the mount root', () => {
    expect(tree.resolve('/photos')).toEqual({ kind: 'mount', mount: photos, innerPath: '/' });
    expect(tree.resolve('/photos/2024/june.jpg')).toEqual({
      kind: 'mount',
      mount: photos,
      innerPath: '/2024/june.jpg',
    });
  });

  it('takes the longest mount path that contains the path', () => {
    expect(tree.resolve('/a/b')).toEqual({ kind: 'mount', mount: ab, innerPath: '/' });
    expect(tree.resolve('/a/b/c/d')).toEqual({ kind: 'mount', mount: ab, innerPath: '/c/d' });
    expect(tree.resolve('/a/c')).toEqual({ kind: 'mount', mount: a, innerPath: '/c' });
    expect(tree.resolve('/a/bc')).toEqual({ kind: 'mount', mount: a, innerPath: '/bc' });
  });

  it('compares whole segments: /ab and /photos2 are no part of /a or /photos', () => {
    expect(tree.resolve('/ab')).toEqual({ kind: 'not_found' });
    expect(tree.resolve('/photos2/x')).toEqual({ kind: 'not_found' });
  });

  it('lists the top segment of every mount path at the root', () => {
    const root = tree.resolve('/');
    expect(root.kind).toBe('virtual');
    if (root.kind !== 'virtual') return;
    expect(names(root.children)).toEqual(['a', 'photos', 'x']);
    expect(root.children.find((child) => child.name === 'a')?.mount).toBe(a);
    expect(root.children.find((child) => child.name === 'x')).toEqual({
      name: 'x',
      path: '/x',
      mount: null,
    });
  });

  it('shows folders between mount points as virtual, down to the mount', () => {
    expect(tree.resolve('/x')).toEqual({
      kind: 'virtual',
      children: [{ name: 'y', path: '/x/y', mount: null }],
    });
    expect(tree.resolve('/x/y')).toEqual({
      kind: 'virtual',
      children: [{ name: 'z', path: '/x/y/z', mount: deep }],
    });
    expect(tree.resolve('/x/y/z/file.txt')).toEqual({
      kind: 'mount',
      mount: deep,
      innerPath: '/file.txt',
    });
  });

  it('answers not found for paths beside the mounts', () => {
    expect(tree.resolve('/nothing')).toEqual({ kind: 'not_found' });
    expect(tree.resolve('/x/other')).toEqual({ kind: 'not_found' });
    expect(tree.resolve('/x/y/other')).toEqual({ kind: 'not_found' });
  });

  it('matches letter case exactly', () => {
    expect(tree.resolve('/Photos')).toEqual({ kind: 'not_found' });
    expect(tree.resolve('/A/b')).toEqual({ kind: 'not_found' });
  });

  it('has an empty root when nothing is mounted', () => {
    const empty = buildMountTree([]);
    expect(empty.resolve('/')).toEqual({ kind: 'virtual', children: [] });
    expect(empty.resolve('/a')).toEqual({ kind: 'not_found' });
    expect(empty.childrenAt('/')).toEqual([]);
  });

  it('resolves Chinese and punctuated segments as they are', () => {
    const docs = mount('/文档/项目_1-a');
    const chinese = buildMountTree([docs]);
    expect(chinese.resolve(decodeUrlPath('/%E6%96%87%E6%A1%A3/'))).toEqual({
      kind: 'virtual',
      children: [{ name: '项目_1-a', path: '/文档/项目_1-a', mount: docs }],
    });
    expect(chinese.resolve(normalizePath('/文档//项目_1-a/./报告.md'))).toEqual({
      kind: 'mount',
      mount: docs,
      innerPath: '/报告.md',
    });
  });

  it('lists the nested mounts below a path inside a mount', () => {
    expect(tree.childrenAt('/a')).toEqual([{ name: 'b', path: '/a/b', mount: ab }]);
    expect(tree.childrenAt('/a/c')).toEqual([]);
    expect(tree.childrenAt('/photos')).toEqual([]);
  });

  it('orders children by the lowest sort order they lead to, then by name', () => {
    const late = mount('/zeta', -5);
    const early = mount('/beta', 10);
    const nestedFirst = mount('/alpha/inner', -10);
    const alpha = mount('/alpha', 20);
    const sorted = buildMountTree([late, early, nestedFirst, alpha, mount('/gamma', 10)]);
    expect(names(sorted.childrenAt('/'))).toEqual(['alpha', 'zeta', 'beta', 'gamma']);
    expect(sorted.childrenAt('/')[0]?.mount).toBe(alpha);
  });

  it('does not depend on the order mounts arrive in', () => {
    const forward = buildMountTree([a, ab, deep, photos]);
    const backward = buildMountTree([photos, deep, ab, a]);
    for (const path of ['/', '/a', '/a/b/c', '/x', '/x/y', '/x/y/z/q', '/nope']) {
      expect(backward.resolve(path)).toEqual(forward.resolve(path));
    }
  });

  it('resolves among a thousand mounts in microseconds', () => {
    const many: MountPoint[] = [];
    for (let i = 0; i < 1000; i++) many.push(mount(`/team${i % 50}/project${i}`, i));
    const big = buildMountTree(many);
    const rounds = 100_000;
    const started = performance.now();
    let inside = 0;
    for (let i = 0; i < rounds; i++) {
      const project = i % 1000;
      const found = big.resolve(`/team${project % 50}/project${project}/src/deep/file${i}.ts`);
      if (found.kind === 'mount' && found.innerPath === `/src/deep/file${i}.ts`) inside++;
    }
    const perCallUs = ((performance.now() - started) * 1000) / rounds;
    expect(inside).toBe(rounds);
    expect(big.resolve('/team3/project4/x')).toEqual({ kind: 'not_found' });
    // Generous for slow CI machines: about 1 µs a call once warm, 3 µs cold, here.
    expect(perCallUs).toBeLessThan(20);
  });
});

describe('nested mounts over a storage listing', () => {
  const entry = (name: string, kind: string) => ({ name, kind });
  const nested = [
    { name: 'b', path: '/a/b', mount: { mount_path: '/a/b', sort_order: 0 } },
    { name: 'c', path: '/a/c', mount: null },
  ];
  const asEntry = (child: { name: string }) => entry(child.name, 'mount');

  it('lets a nested mount win over the storage folder of the same name', () => {
    const listing = [entry('b', 'folder'), entry('readme.md', 'file')];
    expect(overlayNestedMounts(listing, nested, asEntry)).toEqual([
      entry('readme.md', 'file'),
      entry('b', 'mount'),
      entry('c', 'mount'),
    ]);
  });

  it('leaves a listing without nested mounts as it is', () => {
    const listing = [entry('b', 'folder')];
    expect(overlayNestedMounts(listing, [], asEntry)).toEqual(listing);
  });
});
