/** Texts of the web's crud area, both languages side by side (keys must match). */
export default {
  "zh-CN": {},
  "en-US": {},
};
