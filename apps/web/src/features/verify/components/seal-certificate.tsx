import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import type { TSealCertificate } from '@draftwell/shared/share/share-api';
import { fetchSealCertificate } from '../api/get-seal-certificate';

/** The SHA-256 fingerprint in pairs, as PDF readers' certificate panels print it. */
const pairs = (hex: string) => hex.toUpperCase().replace(/(..)(?!$)/g, '$1:');

/**
 * The certificate sealed PDFs are signed with, so a reader can compare the fingerprint their PDF
 * reader shows for the signature with this server's.
 */
export function SealCertificate() {
  const { i18n } = useLingui();
  const [certificate, setCertificate] = useState<TSealCertificate | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetchSealCertificate(controller.signal).then(setCertificate, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, []);
  return (
    <section aria-labelledby="seal-certificate" className="grid gap-2 text-sm">
      <h2 id="seal-certificate" className="text-lg font-semibold">
        {i18n._('The seal’s certificate')}
      </h2>
      <p className="text-muted-foreground">
        {i18n._(
          'Each accepted proposal’s final PDF is digitally signed by this server. Open it in a PDF reader and look at the signature: it says whether the file was changed after it was sealed, and its certificate’s SHA-256 fingerprint should read:',
        )}
      </p>
      {certificate ? (
        <>
          <p>
            <code data-testid="seal-fingerprint" className="font-mono text-[0.8125rem] break-all">
              {pairs(certificate.fingerprint)}
            </code>
          </p>
          <p className="text-muted-foreground">
            {i18n._('Certificate subject: {subject}.', { subject: certificate.subject })}
            {certificate.selfSigned
              ? ` ${i18n._('This certificate was made by the server itself (self-signed): readers show the signature as valid but its issuer as unknown, so compare the fingerprint.')}`
              : null}
            {certificate.timestamped ? ` ${i18n._('Each seal also carries a trusted timestamp.')}` : null}
          </p>
        </>
      ) : failed ? (
        <p className="text-muted-foreground">{i18n._('The certificate could not be loaded just now.')}</p>
      ) : (
        <p className="text-muted-foreground">{i18n._('Loading…')}</p>
      )}
    </section>
  );
}
