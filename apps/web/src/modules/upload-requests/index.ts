/**
 * The upload-requests feature's public entry (links through which others send files into a
 * folder): what other features import from it, named (the rule web-features-through-their-entry
 * in .dependency-cruiser.cjs). Its own files import each other directly, never through here.
 * Not here: the visitor's page (pages/UploadRequestPage.tsx), which the router loads lazily.
 */
export { RecentArrivalsCard } from './components/RecentArrivalsCard';
export type { RequestTarget } from './components/RequestFilesModal';
export { RequestFilesModal } from './components/RequestFilesModal';
export { NewUploadRequestButton, UploadRequests } from './components/UploadRequests';
export { useUploadRequestCollection } from './upload-requests.hooks';
