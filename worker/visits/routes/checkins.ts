/**
 * /common/encheckinrecord beyond the standard set: a check-in (the server's time, the browser's location
 * when the user allowed it, the distance to the enterprise when it has coordinates, photos from the file
 * module) and the check-ins of one visit, several per visit in time order.
 */
import { visits } from "../../../events/api/visits.ts";
import { l } from "../../../events/family.ts";
import type { RouteTable } from "../../http/routes.ts";
import { actorOf, ok } from "../../http/envelope.ts";
import { readBody } from "../../http/input.ts";
import { executeHere } from "../../http/command.ts";
import { DomainError, ValidationError, codes, notFound } from "../../errors.ts";
import { findById, findByIds, listAll, recordWhere } from "../../resources/query.ts";
import { newCreate } from "../../resources/commands.ts";
import { displayTime } from "../../time.ts";
import { checkInDistance } from "../geo.ts";
import { badPhotos } from "../photos.ts";
import { checkInFamily, fileFamily, masterFamily, visitFamily } from "../families.ts";
import { idParam, labelsOf } from "./shared.ts";

const doc = (zh: string, en: string) => ({ doc: { summary: l(`签到记录：${zh}`, `Check-ins: ${en}`), family: checkInFamily } });

export function checkInRoutes(routes: RouteTable) {
  const f = checkInFamily;
  routes
    .verb(visits.checkIn, f.tags.save, async (c) => {
      const body = await readBody(c, visits.checkIn.body, labelsOf(f));
      if ((body.longitude === undefined) !== (body.latitude === undefined)) {
        const missing = body.longitude === undefined ? "longitude" : "latitude";
        throw new ValidationError([{ field: missing, label: f.fields[missing]!.label, key: "required" }]);
      }
      const photos = body.photos ?? [];
      if (photos.length && badPhotos(photos, await findByIds(c.env.DB, fileFamily, photos)).length) throw new DomainError(codes.validation, "checkInPhotoNotImage");
      if (body.visitId && !(await findById(c.env.DB, visitFamily, body.visitId))) throw notFound(visitFamily.label);
      const enterprise = await recordWhere(c.env.DB, masterFamily, { creditCode: body.creditCode });
      const distanceMeters = checkInDistance(body, enterprise);
      const actor = actorOf(c);
      const answer = await executeHere(c, {
        name: "visit.checkIn",
        decide: ({ at }) => {
          const checkInTime = displayTime(at);
          const write = newCreate(f, { ...body, userId: actor.id, checkInTime, ...(distanceMeters !== null ? { distanceMeters } : {}) });
          return { writes: [write], answer: { id: write.stream.slice(f.name.length + 1), checkInTime, distanceMeters } };
        },
      });
      return ok(c, answer, "created");
    }, doc("签到（时间、位置、距企业距离、照片）", "check in (time, location, distance to the enterprise, photos)"))
    .verb(visits.checkInsOfVisit, f.tags.list, async (c) => {
      const visitId = idParam(c.req.param("id"), f);
      return ok(c, await listAll(c.env.DB, f, { filters: [{ key: "visitId", op: "eq", value: visitId }], sort: "checkInTime", desc: false, keyword: "" }, 100), "fetched");
    }, doc("某次走访的签到", "a visit's check-ins"));
}
