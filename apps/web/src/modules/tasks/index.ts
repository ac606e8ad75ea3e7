/**
 * The tasks feature's public entry: what other features import from it, named (the rule
 * web-features-through-their-entry in .dependency-cruiser.cjs). Its own files import each other
 * directly, never through here.
 */
export { recordDownload } from './browser-tasks';
export { jobFailureText } from './job-failure';
export { jobFollower } from './job-follower';
export { taskPanel } from './task-panel';
export { mirrorUploadQueue } from './upload-tasks';
