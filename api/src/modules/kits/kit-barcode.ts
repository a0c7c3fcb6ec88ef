// The kit's code drawn as SVG by bwip-js: Code 128 of the printed form for the packing line's
// scanners, or a QR code that opens /activate with the code filled in, for the customer's phone.
import bwipjs from 'bwip-js/node';
import { formatKitCode } from '@shop/shared/kits/kit-code';

export type KitBarcodeFormat = 'code128' | 'qr';

export function kitBarcodeSvg(
  code: string,
  format: KitBarcodeFormat,
  publicOrigin: string,
): string {
  if (format === 'qr')
    return bwipjs.toSVG({
      bcid: 'qrcode',
      text: `${publicOrigin}/activate?kit=${encodeURIComponent(code)}`,
      scale: 4,
    });
  return bwipjs.toSVG({
    bcid: 'code128',
    text: formatKitCode(code),
    scale: 2,
    height: 12,
    includetext: true,
    textxalign: 'center',
  });
}
