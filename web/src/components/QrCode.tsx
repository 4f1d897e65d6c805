// A QR code for a seat link, for the person next to you at the table. uqr renders the SVG.
import { renderSVG } from "uqr";

export function QrCode(props: { text: string; label: string }) {
  return (
    <figure class="qr">
      <div role="img" aria-label={props.label} innerHTML={renderSVG(props.text, { border: 2 })} />
      <figcaption>{props.label}</figcaption>
    </figure>
  );
}
