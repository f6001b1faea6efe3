/**
 * The equity-exchange dashboard: one large screen per menu entry (/bt/dashboard/<focus>), each with the
 * map of Shaanxi by prefecture in the middle (choropleth of the focus's measure; click a prefecture to
 * filter the figures, again to clear), KPI figures, rankings and trends around it. Dark, a clock,
 * fullscreen, both languages; laid out at 1920×1080 and scaled uniformly (./Stage.tsx); polled every 30 s.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { ActionIcon, Badge, Group, Select, SegmentedControl, Text, Tooltip } from "@mantine/core";
import { IconMaximize, IconMinimize, IconX } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { mapMetrics, type Bucket, type Kpi, type MapMetric } from "../../events/api/dashboard.ts";
import { notifyError } from "../core/feedback.tsx";
import { figuresQuery } from "./api.ts";
import { Chart } from "./Chart.tsx";
import { interiorPoints } from "./points.ts";
import { columnsOption, mapOption, rankingOption, ringOption, trendOption } from "./options.ts";
import { Stage } from "./Stage.tsx";

export const focuses = ["listing", "member", "trusteeship", "financing", "enterprise", "peers", "institutions", "map"] as const;
export type Focus = (typeof focuses)[number];

/** The map's measure on each screen (the map screen lets the reader choose). */
const focusMetric: Record<Focus, MapMetric> = { listing: "listed", member: "members", trusteeship: "pledges", financing: "financingDemand", enterprise: "enterprises", peers: "enterprises", institutions: "enterprises", map: "enterprises" };

const colors = { bg: "#06101f", panel: "rgba(12,34,64,0.72)", border: "rgba(63,177,227,0.35)", text: "#e6f4ff", muted: "#9fb3c8", accent: "#3fb1e3", gold: "#f7c95c" };

function Panel({ title, children, height, extra }: { title: string; children: ReactNode; height: number; extra?: ReactNode }) {
  return (
    <div style={{ height, background: colors.panel, border: `1px solid ${colors.border}`, borderRadius: 8, padding: "10px 14px", display: "flex", flexDirection: "column", boxSizing: "border-box" }}>
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text fw={600} style={{ color: colors.accent, fontSize: 18, letterSpacing: 1 }}>{title}</Text>
        {extra}
      </Group>
      <div style={{ flex: 1, minHeight: 0 }}>{children}</div>
    </div>
  );
}

function Kpis({ items }: { items: Kpi[] }) {
  const { t } = useTranslation();
  return (
    <div data-testid="dashboard-kpis" style={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 10 }}>
      {items.map((k) => (
        <div key={k.key} data-kpi={k.key} style={{ background: colors.panel, border: `1px solid ${colors.border}`, borderRadius: 8, padding: "10px 14px" }}>
          <div style={{ color: colors.muted, fontSize: 15 }}>{t(`dashboard.kpi.${k.key}`)}</div>
          <div style={{ color: colors.gold, fontSize: 30, fontWeight: 700, fontVariantNumeric: "tabular-nums" }}>{k.value.toLocaleString(undefined, { maximumFractionDigits: 2 })}</div>
        </div>
      ))}
    </div>
  );
}

function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  const { i18n } = useTranslation();
  return (
    <Text data-testid="dashboard-clock" style={{ color: colors.text, fontSize: 20, fontVariantNumeric: "tabular-nums" }}>
      {now.toLocaleString(i18n.language, { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false })}
    </Text>
  );
}

/** A failed call's text, shown once per failure (not on every render). */
function useErrorNotice(error: unknown) {
  useEffect(() => {
    if (error) notifyError(error);
  }, [error]);
}

const nothing = <Text style={{ color: colors.muted }}>…</Text>;

/** The figures of one focus around the map: KPI figures and panels (left column, under the map, right column). */
interface Layout {
  kpis: Kpi[];
  left: ReactNode;
  below?: ReactNode;
  right: ReactNode[];
  updatedAt: number;
}

function useFocusLayout(focus: Focus, areaCode: string | undefined, mapRanking: Bucket[], selectedDistricts: Bucket[]): Layout | null {
  const { t } = useTranslation();
  const area = areaCode ? { areaCode } : {};
  const [industry, setIndustry] = useState<string | null>(null);
  const [productType, setProductType] = useState<string | null>(null);
  const series = (key: string) => t(`dashboard.series.${key}`);
  const ranking = (title: string, buckets: Bucket[], highlighted?: string | null, tall = focus === "map") => (
    <Panel key={title} title={title} height={tall ? 860 : 420}>
      {buckets.length ? <Chart option={rankingOption(buckets, tall ? 16 : 10, highlighted)} /> : <Text style={{ color: colors.muted }}>{t("dashboard.empty")}</Text>}
    </Panel>
  );
  const ring = (title: string, buckets: Bucket[], height = 330) => (
    <Panel key={title} title={title} height={height}>
      <Chart option={ringOption(buckets)} />
    </Panel>
  );
  const below = (title: string, node: ReactNode) => (
    <Panel title={title} height={300}>
      {node}
    </Panel>
  );

  const listing = useQuery({ ...figuresQuery("listing", area), enabled: focus === "listing" });
  const members = useQuery({ ...figuresQuery("members", area), enabled: focus === "member" });
  const trust = useQuery({ ...figuresQuery("trusteeship", area), enabled: focus === "trusteeship" });
  const funding = useQuery({ ...figuresQuery("funding", area), enabled: focus === "financing" });
  const enterprises = useQuery({ ...figuresQuery("enterprises", area), enabled: focus === "enterprise" || focus === "map" });
  const peers = useQuery({ ...figuresQuery("peers", { ...area, ...(industry ? { industry } : {}) }), enabled: focus === "peers" });
  const institutions = useQuery({ ...figuresQuery("institutions", {}), enabled: focus === "institutions" });
  const products = useQuery({ ...figuresQuery("products", { size: 8, ...(productType ? { type: productType } : {}) }), enabled: focus === "institutions" });

  useErrorNotice([listing, members, trust, funding, enterprises, peers, institutions, products].find((q) => q.error)?.error);

  switch (focus) {
    case "listing": {
      const d = listing.data;
      return d
        ? { kpis: d.kpis, updatedAt: listing.dataUpdatedAt, left: ring(t("dashboard.panel.status"), d.byStatus), below: below(t("dashboard.panel.trend"), <Chart option={trendOption(d.trend, series, { bars: true })} />), right: [ranking(t("dashboard.panel.byPrefecture"), d.byPrefecture, areaCode), ring(t("dashboard.panel.byMarket"), d.byMarket, 420)] }
        : null;
    }
    case "member": {
      const d = members.data;
      return d
        ? { kpis: d.kpis, updatedAt: members.dataUpdatedAt, left: ring(t("dashboard.panel.pools"), d.byPool), below: below(t("dashboard.panel.byYear"), <Chart option={trendOption(d.byYear, series, { bars: true })} />), right: [ranking(t("dashboard.panel.byPrefecture"), d.byPrefecture, areaCode, true)] }
        : null;
    }
    case "trusteeship": {
      const d = trust.data;
      return d
        ? { kpis: d.kpis, updatedAt: trust.dataUpdatedAt, left: ring(t("dashboard.panel.pledgeStatus"), d.pledgeStatus, 230), below: below(t("dashboard.panel.trend"), <Chart option={trendOption(d.trend, series)} />), right: [ranking(t("dashboard.panel.topPledgees"), d.topPledgees), ring(t("dashboard.panel.freezeStatus"), d.freezeStatus, 420)] }
        : null;
    }
    case "financing": {
      const d = funding.data;
      return d
        ? { kpis: d.kpis, updatedAt: funding.dataUpdatedAt, left: <Panel title={t("dashboard.panel.applyStatus")} height={330}><Chart option={columnsOption(d.byStatus)} /></Panel>, below: below(t("dashboard.panel.trend"), <Chart option={trendOption(d.trend, series, { bars: true, dual: true })} />), right: [ranking(t("dashboard.panel.topInstitutions"), d.topInstitutions), ring(t("dashboard.panel.productTypes"), d.byProductType, 420)] }
        : null;
    }
    case "enterprise": {
      const d = enterprises.data;
      return d
        ? { kpis: d.kpis, updatedAt: enterprises.dataUpdatedAt, left: ring(t("dashboard.panel.scales"), d.byScale, 430), below: below(t("dashboard.panel.established"), <Chart option={trendOption(d.established, series, { bars: true })} />), right: [ranking(t("dashboard.panel.topCapital"), d.topCapital), ranking(t("dashboard.panel.industries"), d.byIndustry)] }
        : null;
    }
    case "peers": {
      const d = peers.data;
      if (!d) return null;
      const picker = (
        <Select
          size="xs"
          w={200}
          data-testid="peers-industry"
          placeholder={t("dashboard.panel.allIndustries")}
          clearable
          value={industry}
          onChange={setIndustry}
          data={d.industries.map((i) => ({ value: i.key, label: i.label }))}
          comboboxProps={{ withinPortal: false }}
        />
      );
      const compared: Bucket[] = d.industries.slice(0, 12).map((i) => ({ key: i.key, label: i.label, value: i.enterprises }));
      return {
        kpis: d.kpis,
        updatedAt: peers.dataUpdatedAt,
        left: <Panel title={t("dashboard.panel.scales")} height={330} extra={picker}><Chart option={ringOption(d.byScale)} /></Panel>,
        below: below(t("dashboard.panel.peerIndustries"), <Chart option={columnsOption(compared)} onClick={(p) => setIndustry(d.industries[(p as { dataIndex?: number }).dataIndex ?? -1]?.key ?? null)} />),
        right: [ranking(t("dashboard.panel.peerRanking"), d.ranking), ranking(t("dashboard.panel.industries"), d.industries.map((i) => ({ key: i.key, label: i.label, value: i.avgCapital })), industry)],
      };
    }
    case "institutions": {
      const d = institutions.data;
      const p = products.data;
      if (!d) return null;
      const typePicker = (
        <Select size="xs" w={180} placeholder={t("dashboard.panel.anyType")} clearable value={productType} onChange={setProductType} data={(p?.byType ?? []).map((b) => ({ value: b.key, label: b.label }))} comboboxProps={{ withinPortal: false }} />
      );
      const table = (
        <table style={{ width: "100%", color: colors.text, fontSize: 14, borderCollapse: "collapse" }}>
          <thead>
            <tr style={{ color: colors.muted, textAlign: "left" }}>
              {["productName", "institutionName", "productType", "amountMax", "rateMin", "publishTime"].map((c) => <th key={c} style={{ padding: "2px 6px" }}>{t(`dashboard.column.${c}`)}</th>)}
            </tr>
          </thead>
          <tbody>
            {(p?.rows ?? []).map((r) => (
              <tr key={r.id} style={{ borderTop: `1px solid ${colors.border}` }}>
                <td style={{ padding: "2px 6px" }}>{r.productName}</td>
                <td style={{ padding: "2px 6px" }}>{r.institutionName}</td>
                <td style={{ padding: "2px 6px" }}>{r.productType}</td>
                <td style={{ padding: "2px 6px" }}>{r.amountMax ?? "—"}</td>
                <td style={{ padding: "2px 6px" }}>{r.rateMin ?? "—"}</td>
                <td style={{ padding: "2px 6px" }}>{r.publishTime?.slice(0, 10) ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
      return {
        kpis: d.kpis,
        updatedAt: institutions.dataUpdatedAt,
        left: ring(t("dashboard.panel.institutionTypes"), d.byType, 430),
        below: <Panel title={t("dashboard.panel.products")} height={300} extra={typePicker}>{table}</Panel>,
        right: [ranking(t("dashboard.panel.byProducts"), d.byProducts), ranking(t("dashboard.panel.byApproved"), d.byApproved)],
      };
    }
    case "map": {
      const d = enterprises.data;
      return d ? { kpis: d.kpis, updatedAt: enterprises.dataUpdatedAt, left: ranking(t("dashboard.panel.byPrefecture"), mapRanking, areaCode), right: [ranking(selectedDistricts.length ? t("dashboard.includes") : t("dashboard.panel.industries"), selectedDistricts.length ? selectedDistricts : d.byIndustry)] } : null;
    }
  }
}

export function DashboardScreen({ focus }: { focus: Focus }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [areaCode, setAreaCode] = useState<string | undefined>(undefined);
  const [chosenMetric, setChosenMetric] = useState<MapMetric>("enterprises");
  const [fullscreen, setFullscreen] = useState(false);
  const [points, setPoints] = useState<Record<string, [number, number]>>({});
  const metric = focus === "map" ? chosenMetric : focusMetric[focus];
  const map = useQuery(figuresQuery("map", { metric }));
  useErrorNotice(map.error);
  const selected = map.data?.prefectures.find((p) => p.code === areaCode);
  const mapRanking = useMemo(() => (map.data?.prefectures ?? []).filter((p) => p.value > 0).map((p) => ({ key: p.code, label: p.name, value: p.value })).sort((a, b) => b.value - a.value), [map.data]);
  const layout = useFocusLayout(focus, focus === "institutions" ? undefined : areaCode, mapRanking, selected?.districts ?? []);
  const option = useMemo(() => mapOption(map.data?.prefectures ?? [], t(`dashboard.metric.${metric}`), t("dashboard.includes"), areaCode ?? null), [map.data, metric, areaCode, t]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === box.current);
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else if (box.current?.requestFullscreen) void box.current.requestFullscreen();
    else notifyError(new Error(t("dashboard.noFullscreen")));
  };

  const filled = (map.data?.prefectures ?? []).filter((p) => p.value > 0).length;
  return (
    <div ref={box} data-testid="dashboard" data-focus={focus} data-area={areaCode ?? ""} style={{ position: "relative", width: "100%", height: fullscreen ? "100vh" : "calc(100vh - 120px)", minHeight: 420, background: colors.bg, overflow: "hidden", borderRadius: fullscreen ? 0 : 8 }}>
      <Stage boxRef={box}>
        <div style={{ width: "100%", height: "100%", background: `radial-gradient(ellipse at 50% 40%, #0d2a4d 0%, ${colors.bg} 70%)`, color: colors.text, padding: "0 24px", boxSizing: "border-box" }}>
          <Group justify="space-between" h={84} wrap="nowrap">
            <Group gap={8} wrap="nowrap">
              {focuses.map((f) => (
                <Link key={f} to={`/bt/dashboard/${f}`} data-testid={`dashboard-tab-${f}`} style={{ color: f === focus ? colors.gold : colors.muted, fontSize: 17, padding: "4px 10px", textDecoration: "none", borderBottom: f === focus ? `2px solid ${colors.gold}` : "2px solid transparent" }}>
                  {t(`dashboard.focus.${f}`)}
                </Link>
              ))}
            </Group>
            <Text component="h1" style={{ color: colors.text, fontSize: 34, fontWeight: 700, letterSpacing: 3, margin: 0, whiteSpace: "nowrap" }}>{t("dashboard.title")}</Text>
            <Group gap={12} wrap="nowrap">
              <Clock />
              <Tooltip label={fullscreen ? t("dashboard.exitFullscreen") : t("dashboard.fullscreen")}>
                <ActionIcon variant="subtle" color="cyan" size="lg" onClick={toggleFullscreen} aria-label={fullscreen ? t("dashboard.exitFullscreen") : t("dashboard.fullscreen")} data-testid="dashboard-fullscreen">
                  {fullscreen ? <IconMinimize /> : <IconMaximize />}
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
          <div style={{ display: "grid", gridTemplateColumns: "470px 1fr 470px", gap: 16, height: 1080 - 84 - 40 }}>
            <div style={{ display: "flex", flexDirection: "column", gap: 12 }}>
              {layout ? <Kpis items={layout.kpis} /> : nothing}
              {layout?.left}
            </div>
            <div style={{ display: "flex", flexDirection: "column", gap: 12, minWidth: 0 }}>
              <div style={{ flex: 1, position: "relative", minHeight: 0 }}>
                <Group justify="space-between" style={{ position: "absolute", top: 4, left: 8, right: 8, zIndex: 2 }}>
                  <Group gap={8}>
                    <Badge size="lg" variant="light" color="cyan">{t(`dashboard.metric.${metric}`)}</Badge>
                    {selected ? (
                      <Badge size="lg" color="yellow" variant="filled" data-testid="dashboard-filter" rightSection={<IconX size={14} style={{ cursor: "pointer" }} onClick={() => setAreaCode(undefined)} aria-label={t("dashboard.clearFilter")} />}>
                        {t("dashboard.filteredBy", { name: selected.name })}
                      </Badge>
                    ) : (
                      <Text style={{ color: colors.muted, fontSize: 14 }}>{t("dashboard.clickHint")}</Text>
                    )}
                  </Group>
                  {focus === "map" ? (
                    <SegmentedControl size="xs" value={metric} onChange={(v) => setChosenMetric(v as MapMetric)} data={mapMetrics.map((m) => ({ value: m, label: t(`dashboard.metric.${m}`) }))} data-testid="dashboard-metric" />
                  ) : null}
                </Group>
                <div data-testid="dashboard-map" data-filled={filled} data-points={JSON.stringify(points)} style={{ position: "absolute", inset: 0 }}>
                  <Chart
                    option={option}
                    onClick={(p) => {
                      const code = (p.data as { code?: string } | undefined)?.code ?? p.name;
                      if (code && /^\d{6}$/.test(code)) setAreaCode((current) => (current === code ? undefined : code));
                    }}
                    onRendered={(chart) => {
                      const next = interiorPoints(chart);
                      setPoints((old) => (JSON.stringify(old) === JSON.stringify(next) ? old : next));
                    }}
                  />
                </div>
              </div>
              {layout?.below}
            </div>
            <div style={{ display: "flex", flexDirection: "column", gap: 12 }}>{layout?.right}</div>
          </div>
          <Text style={{ color: colors.muted, fontSize: 13, height: 40, lineHeight: "40px", textAlign: "right" }} data-testid="dashboard-updated">
            {layout?.updatedAt ? t("dashboard.updatedAt", { time: new Date(Math.max(layout.updatedAt, map.dataUpdatedAt)).toLocaleTimeString(undefined, { hour12: false }) }) : t("dashboard.loading")}
          </Text>
        </div>
      </Stage>
    </div>
  );
}

export const screenOf = (focus: Focus) =>
  function FocusScreen() {
    return <DashboardScreen focus={focus} />;
  };
