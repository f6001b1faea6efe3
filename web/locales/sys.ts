/** Texts of the web's sys area, both languages side by side (keys must match). */
export default {
  "zh-CN": {},
  "en-US": {},
};
