/**
 * 项目进度计划 in a real browser, both languages: the demo project's schedule opens from the menu with its
 * bars; a task is added on the chart and the plan saved; the plan exports as MS Project XML and as xlsx; the
 * display settings are kept for the project.
 */
import { readFileSync } from "node:fs";
import * as XLSX from "@e965/xlsx";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { api, openFromMenu, signedInBrowser } from "./browser.ts";

const baseUrl = inject("baseUrl");
const session = signedInBrowser(baseUrl);
let page: Page;
beforeAll(() => {
  page = session.page;
  page.on("pageerror", (error) => console.error("page error:", error.message));
  page.on("console", (message) => message.type() === "error" && console.error("console:", message.text()));
});

const poll = <T>(fn: () => Promise<T> | T, timeout = 20_000) => expect.poll(fn, { timeout });
const bars = () => page.getByTestId("gantt-chart").locator(".wx-bar");

interface Plan {
  projectId: string;
  tasks: { id: string; name: string; start: string; end: string }[];
}
async function firstProject(): Promise<{ id: string; tasks: number }> {
  const answer = await api<{ data: { id: string; tasks: number }[] }>(page, "/gantt/projects");
  return answer.data[0]!;
}
const planOf = async (projectId: string) => (await api<{ data: Plan }>(page, `/gantt/plan?projectId=${projectId}`)).data;

async function download(click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent("download"), click()]);
  const path = `test-artifacts/${file.suggestedFilename()}`;
  await file.saveAs(path);
  return { name: file.suggestedFilename(), bytes: readFileSync(path) };
}

describe("project schedules on a Gantt chart (项目进度计划)", () => {
  it("opens the demo project's schedule from the menu with a bar per task", async () => {
    const project = await firstProject();
    expect(project.tasks).toBeGreaterThanOrEqual(11);
    await openFromMenu(page, ["企业服务", "项目进度计划"]);
    await page.waitForURL((url) => url.pathname === "/enterprise/gantt");
    await page.getByTestId("gantt-chart").waitFor();
    await poll(() => bars().count()).toBe(project.tasks);
    await expect(page.getByTestId("gantt-chart").textContent()).resolves.toContain("前期准备");
    await expect(page.getByTestId("gantt-chart").textContent()).resolves.toContain("任务名称");
    await page.screenshot({ path: "test-artifacts/gantt-zh.png", fullPage: true });
  });

  it("adds a task on the chart and saves the plan", async () => {
    const project = await firstProject();
    await page.getByTestId("gantt-add").click();
    await poll(() => bars().count()).toBe(project.tasks + 1);
    await page.getByTestId("gantt-dirty").waitFor();
    await page.keyboard.press("Escape"); // the task editor opens on the new task
    await page.getByTestId("gantt-save").click();
    await poll(() => page.getByTestId("gantt-dirty").count()).toBe(0);
    const plan = await planOf(project.id);
    expect(plan.tasks).toHaveLength(project.tasks + 1);
    const added = plan.tasks.find((t) => t.name === "新任务");
    expect(added, JSON.stringify(plan.tasks.map((t) => t.name))).toBeTruthy();
    expect(added!.end >= added!.start).toBe(true);
    await poll(() => bars().count()).toBe(project.tasks + 1);
  });

  it("exports the plan as MS Project XML and as xlsx with the template's columns", async () => {
    await page.getByTestId("gantt-export").click();
    const xml = await download(() => page.getByTestId("gantt-export-xml").click());
    expect(xml.name).toMatch(/\.xml$/);
    const text = xml.bytes.toString("utf8");
    expect(text).toContain('<Project xmlns="http://schemas.microsoft.com/project">');
    expect(text).toContain("<Name>新任务</Name>");
    await page.getByTestId("gantt-export").click();
    const xlsx = await download(() => page.getByTestId("gantt-export-xlsx").click());
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(xlsx.bytes, { type: "buffer" }).Sheets["进度计划"]!, { header: 1 });
    expect(rows[0]).toEqual(["序号", "WBS编码", "任务名称", "大纲级别", "开始日期", "结束日期", "进度(%)", "前置任务", "负责人", "里程碑"]);
    expect(rows.some((r) => r[2] === "新任务")).toBe(true);
  });

  it("keeps the display settings of the project", async () => {
    const project = await firstProject();
    await page.getByTestId("gantt-display").click();
    await page.getByTestId("gantt-zoom").getByText("月", { exact: true }).click();
    await page.getByTestId("gantt-display-save").click();
    await poll(async () => (await api<{ data: { settings: { zoom: string } } }>(page, `/project/visualpicconf/selectConfByProjectId?projectId=${project.id}`)).data.settings.zoom).toBe("month");
    await page.keyboard.press("Escape");
  });

  it("shows the same screen in English, saves and exports there too", async () => {
    const project = await firstProject();
    await page.context().addCookies([{ name: "language", value: "en-US", url: baseUrl }]);
    await page.reload();
    await page.getByTestId("gantt-chart").waitFor();
    await poll(() => bars().count()).toBe(project.tasks);
    await expect(page.getByTestId("gantt-save").textContent()).resolves.toBe("Save plan");
    await expect(page.getByTestId("gantt-chart").textContent()).resolves.toContain("Task name");
    await page.getByTestId("gantt-add").click();
    await poll(() => bars().count()).toBe(project.tasks + 1);
    await page.keyboard.press("Escape");
    await page.getByTestId("gantt-save").click();
    await poll(async () => (await planOf(project.id)).tasks.filter((t) => t.name === "New task").length).toBe(1);
    await page.getByTestId("gantt-export").click();
    const xlsx = await download(() => page.getByTestId("gantt-export-xlsx").click());
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(xlsx.bytes, { type: "buffer" }).Sheets["Schedule"]!, { header: 1 });
    expect(rows[0]).toContain("Task name");
    expect(rows.some((r) => r[2] === "New task")).toBe(true);
    await page.screenshot({ path: "test-artifacts/gantt-en.png", fullPage: true });
    await page.context().addCookies([{ name: "language", value: "zh-CN", url: baseUrl }]);
  });
});
