/**
 * The message centre's standard records, seeded with the system (not demo data): the template set the
 * projection's messages are rendered from, the message types (ids of 2 characters per level) and the
 * message points as the dictionary `msgPoint`.
 * (called from seedWrites)
 */
import { messagePoints, msgTemplate, msgType, standardTemplates, standardTypes } from "../../events/families/msg.ts";
import { dictionary } from "../../events/families/sys.ts";
import type { Family } from "../../events/family.ts";
import { newCreate } from "../resources/commands.ts";
import type { StreamWrite } from "../store/types.ts";

export async function messageSeedWrites(seedId: (key: string) => Promise<string>): Promise<StreamWrite[]> {
  const writes: StreamWrite[] = [];
  // the message points as a dictionary, so template and type forms pick them from a list
  for (const [index, p] of messagePoints.entries()) {
    writes.push(newCreate(dictionary as unknown as Family, { type: "msgPoint", value: p.value, name: p.label["zh-CN"], enName: p.label["en-US"], number: index, status: "1" }, await seedId(`dict:msgPoint:${p.value}`)));
  }
  for (const t of standardTemplates) {
    writes.push(
      newCreate(
        msgTemplate as unknown as Family,
        { code: t.code, name: t.name, type: t.type, titleTemplate: t.title["zh-CN"], contentTemplate: t.content["zh-CN"], enTitleTemplate: t.title["en-US"], enContentTemplate: t.content["en-US"], status: "1" },
        await seedId(`msgTemplate:${t.code}`),
      ),
    );
  }
  for (const [index, ty] of standardTypes.entries()) {
    writes.push(newCreate(msgType as unknown as Family, { name: ty.name, enName: ty.enName, parentId: ty.parentId, point: ty.point, todo: ty.todo, sort: index }, ty.id));
  }
  return writes;
}
