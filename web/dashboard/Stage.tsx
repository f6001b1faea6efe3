/**
 * The large-screen stage: laid out at 1920×1080 and scaled uniformly (one factor for both axes, so text
 * is never stretched) to fit its box, centred across and from the top; in fullscreen the box is the whole screen. The factor is
 * published as `data-scale` so tests can turn stage coordinates into page coordinates.
 */
import { useEffect, useRef, useState, type ReactNode } from "react";

export const stageWidth = 1920;
export const stageHeight = 1080;

export function Stage({ children, boxRef }: { children: ReactNode; boxRef: React.RefObject<HTMLDivElement | null> }) {
  const [fit, setFit] = useState({ scale: 1, left: 0, top: 0 });
  const inner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => {
      const { width, height } = box.getBoundingClientRect();
      const scale = Math.min(width / stageWidth, height / stageHeight) || 1;
      setFit({ scale, left: Math.max(0, (width - stageWidth * scale) / 2), top: 0 });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [boxRef]);
  return (
    <div
      ref={inner}
      data-testid="dashboard-stage"
      data-scale={fit.scale.toFixed(4)}
      style={{ position: "absolute", left: fit.left, top: fit.top, width: stageWidth, height: stageHeight, transform: `scale(${fit.scale})`, transformOrigin: "0 0" }}
    >
      {children}
    </div>
  );
}
