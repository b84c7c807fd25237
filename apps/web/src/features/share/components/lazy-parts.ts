import { lazy } from 'react';

/**
 * Parts of the client's page that only some visits show, each its own chunk fetched once the
 * page knows it needs it, so no visit loads the code of states it is not in (QUALITY P8).
 */
export const loadCertificate = () => import('./acceptance-certificate');

export const AcceptanceCertificate = lazy(() => loadCertificate().then((m) => ({ default: m.AcceptanceCertificate })));
export const DeclineDialog = lazy(() => import('./decline-dialog').then((m) => ({ default: m.DeclineDialog })));
export const RevisionChanges = lazy(() => import('./revision-changes').then((m) => ({ default: m.RevisionChanges })));
export const AcceptSection = lazy(() => import('./accept-section').then((m) => ({ default: m.AcceptSection })));
export const ShareFailureView = lazy(() => import('./share-states').then((m) => ({ default: m.ShareFailureView })));
