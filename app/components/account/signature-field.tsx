import { Eraser } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type SignaturePad from "signature_pad";
import { Button } from "~/components/ui/button";
import { SIGNATURE_MAX_HEIGHT, SIGNATURE_MAX_WIDTH } from "~/domain/signing";
import { useT } from "~/i18n/i18n";

/**
 * A box to draw a signature in with a finger, a pen or a mouse (signature_pad, loaded when
 * the box first shows, so it costs no other page anything). What is drawn goes into the
 * hidden `signature` field as a PNG. Drawing needs a pointer: the form's other choice,
 * adopting the typed name, is the way for a keyboard or a screen reader.
 */
export function SignatureField({ describedBy, invalid }: { describedBy?: string; invalid?: boolean }) {
  const t = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [value, setValue] = useState("");

  useEffect(() => {
    let cancelled = false;
    let resize: (() => void) | undefined;
    void import("signature_pad").then(({ default: Pad }) => {
      const element = canvas.current;
      if (cancelled || !element) return;
      const drawn = new Pad(element, { penColor: "#1c2a4a", backgroundColor: "rgba(0,0,0,0)", minWidth: 0.8, maxWidth: 2.6 });
      // Sharp on every screen: the canvas holds device pixels, drawn in CSS pixels; but never
      // more than the server takes (a 4K screen zoomed in is a ratio of 5 or more), so that a
      // real signature is never refused for its size.
      resize = () => {
        const ratio = Math.min(
          Math.max(window.devicePixelRatio || 1, 1),
          SIGNATURE_MAX_WIDTH / Math.max(element.offsetWidth, 1),
          SIGNATURE_MAX_HEIGHT / Math.max(element.offsetHeight, 1),
        );
        const data = drawn.toData();
        element.width = element.offsetWidth * ratio;
        element.height = element.offsetHeight * ratio;
        element.getContext("2d")!.scale(ratio, ratio);
        drawn.fromData(data);
      };
      resize();
      window.addEventListener("resize", resize);
      drawn.addEventListener("endStroke", () => setValue(drawn.isEmpty() ? "" : drawn.toDataURL("image/png")));
      pad.current = drawn;
    });
    return () => {
      cancelled = true;
      if (resize) window.removeEventListener("resize", resize);
      pad.current?.off();
    };
  }, []);

  return (
    <div className="space-y-2">
      <input type="hidden" name="signature" value={value} />
      <canvas
        ref={canvas}
        role="img"
        aria-label={t("verification.signing.drawArea")}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        data-testid="signature-pad"
        className="h-40 w-full touch-none rounded-md border-2 border-dashed border-primary/40 bg-background aria-invalid:border-destructive"
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => {
          pad.current?.clear();
          setValue("");
        }}
      >
        <Eraser aria-hidden="true" /> {t("verification.signing.clear")}
      </Button>
    </div>
  );
}
