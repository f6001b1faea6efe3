/**
 * A refused flow command or model: the engine and the model compiler explain *why* in both languages,
 * with the ids involved, so the catalogue's fixed keys do not fit — the text travels with the error.
 */
import type { Lang, Text } from "../../../events/i18n.ts";
import { DomainError } from "../../errors.ts";

export type RefusalCode = 403 | 404 | 409 | 422;

export class FlowRefused extends DomainError {
  readonly text: Text;
  constructor(code: RefusalCode, text: Text) {
    // The catalogue key is only a placeholder for DomainError; render() below answers the carried text.
    super(code, "formatError");
    this.text = text;
    this.message = text["en-US"];
  }
  override render(lang: Lang): { msg: string } {
    return { msg: this.text[lang] };
  }
}
