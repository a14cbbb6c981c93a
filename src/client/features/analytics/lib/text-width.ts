/** How wide a label is drawn, so a chart's axis can be given exactly the room its longest label needs. */
let context: CanvasRenderingContext2D | null | undefined;

/**
 * The width in px of `text` in the page's font at `fontSize` px (a canvas measures it as the SVG will draw it);
 * without a canvas (tests, server), a generous estimate.
 */
export function textWidth(text: string, fontSize: number): number {
  if (context === undefined) {
    context =
      typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  }
  if (!context) return text.length * fontSize * 0.65;
  context.font = `${fontSize}px ${getComputedStyle(document.body).fontFamily}`;
  return context.measureText(text).width;
}
