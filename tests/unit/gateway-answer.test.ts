/** How the screens read a gateway answer (web/core/api/gatewayAnswer.ts), spec §8 for the gateway. */
import { describe, expect, it } from "vitest";
import { readGatewayAnswer } from "../../web/core/api/gatewayAnswer.ts";

const json = (body: unknown) => JSON.stringify(body);

describe("a gateway answer on the screen", () => {
  it("code 200 is success with its data and a page's total", () => {
    expect(readGatewayAnswer(200, json({ code: 200, msg: "获取成功", total: 3, data: [1] }))).toEqual({ kind: "ok", data: [1], total: 3, msg: "获取成功" });
  });

  it("any other code carries its text and field errors, 403 included; 401 ends the session", () => {
    expect(readGatewayAnswer(200, json({ code: 422, msg: "该申请已驳回，不能再次办理或驳回" }))).toEqual({ kind: "refused", code: 422, msg: "该申请已驳回，不能再次办理或驳回", errors: {} });
    expect(readGatewayAnswer(200, json({ code: 400, msg: "参数错误", errors: { applicationNo: "格式不对" } }))).toMatchObject({ kind: "refused", errors: { applicationNo: "格式不对" } });
    expect(readGatewayAnswer(403, json({ code: 403, msg: "没有权限" }))).toMatchObject({ kind: "refused", code: 403, msg: "没有权限" });
    expect(readGatewayAnswer(200, json({ code: 401, msg: "当前用户未登录或登录信息已失效!" }))).toEqual({ kind: "signedOut", msg: "当前用户未登录或登录信息已失效!" });
  });

  it("HTTP 500 is the server error whatever the body; anything else not the envelope shows the body", () => {
    expect(readGatewayAnswer(500, json({ code: 500, msg: "boom" }))).toEqual({ kind: "serverError" });
    expect(readGatewayAnswer(502, "Bad Gateway")).toEqual({ kind: "body", status: 502, text: "Bad Gateway" });
    expect(readGatewayAnswer(200, json({ nothing: true }))).toEqual({ kind: "body", status: 200, text: json({ nothing: true }) });
  });
});
