/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Link, Path, Svg, Text, View } from '@react-pdf/renderer';
import { encode } from 'uqr';
import { MUTED, type } from './styles';

/** Wide enough for a phone to read a version 7 code (a /verify address with a hash) from paper. */
export const VERIFY_QR_SIZE = 72;

/**
 * The modules of a QR code (uqr, ECC level M) as one path: each row's dark runs as rectangles
 * in module units, scaled by the Svg's viewBox. Vector, so it stays sharp at any zoom or print.
 */
export function qrPath(text: string): { size: number; d: string } {
  const qr = encode(text, { ecc: 'M', border: 0 });
  const parts: string[] = [];
  qr.data.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      let run = 1;
      while (row[x + run]) run++;
      parts.push(`M${x} ${y}h${run}v1h-${run}z`);
      x += run - 1;
    }
  });
  return { size: qr.size, d: parts.join('') };
}

/** A QR code of `url`, a link to it too, with a caption (in the PDF's language): the certificate's way to /verify. */
export function VerifyQr({ url, caption }: { url: string; caption: string }) {
  const { size, d } = qrPath(url);
  // A quiet zone of two modules around the code, as readers need.
  const box = size + 4;
  return (
    <View style={{ width: VERIFY_QR_SIZE, alignItems: 'center' }}>
      <Link src={url}>
        <Svg width={VERIFY_QR_SIZE} height={VERIFY_QR_SIZE} viewBox={`-2 -2 ${box} ${box}`}>
          <Path d={d} fill="#000000" />
        </Svg>
      </Link>
      <Text style={{ ...type(7, 1.3), color: MUTED, marginTop: 2, textAlign: 'center' }}>{caption}</Text>
    </View>
  );
}
