/**
 * Label sizes shared by the diagram layout (to-bpmn.ts makes room for them) and the viewer (it renders at
 * them), so the boxes in the BPMN DI and the text drawn in them agree.
 */
/** Font size (px) of labels outside their shapes (events, gateways, flows): the viewer renders them at it. */
export const LABEL_FONT = 13;
/** Font size (px) of the names inside tasks. */
export const TASK_FONT = 14;
/** Height of one label line (bpmn-js's line-height ratio 1.2). */
export const LABEL_LINE = Math.ceil(LABEL_FONT * 1.2);
/** bpmn-js wraps an external label at this width at least. */
const LABEL_WRAP = 90;
/** Gap between a label and the line or shape it belongs to. */
export const LABEL_GAP = 6;

/**
 * The box a label's text takes at LABEL_FONT, wrapped at `wrap` px: Han characters a full em wide, others
 * about 0.6 em (Arial). bpmn-js centres the rendered text on the box's centre, so the box is the text's own
 * size, placed where the text should start — a wider box would float the text away from its line.
 */
export function labelSize(text: string, wrap = LABEL_WRAP): { w: number; h: number } {
  let width = 0;
  for (const ch of text) width += /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(ch) ? LABEL_FONT : LABEL_FONT * 0.6;
  const lines = Math.max(1, Math.ceil(width / wrap));
  return { w: Math.ceil(Math.min(width, wrap)), h: lines * LABEL_LINE };
}
