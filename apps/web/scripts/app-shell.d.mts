export function homeFirstLoadScripts(dist: string): string[];
export function appShellAssets(dist: string): Set<string>;
