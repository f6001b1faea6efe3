/**
 * "签到 / Check in" on the check-in records list (/task/checkin): the enterprise, the type, the browser's
 * location when the user allows it (refused or unsupported: the check-in has no location, said so), a photo
 * uploaded through the file module (type and size checked before the upload and again by the server), and
 * the answer's distance to the enterprise shown after saving.
 */
import { Alert, Button, FileInput, Group, Select, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { Family } from "../../events/family.ts";
import { familyByName } from "../../events/families/index.ts";
import { notifySuccess } from "../core/feedback.tsx";
import { hasPermission } from "../core/session.ts";
import { EnterprisePicker } from "../enterprise/EnterprisePicker.tsx";
import { uploadFile } from "../sys/file/upload.ts";
import { ModalForm, useKitForm } from "../widgets/FormKit/index.ts";
import { checkIn, checkInPath } from "./api.ts";
import { photoProblem } from "./photo.ts";

const checkInSave = "common:encheckinrecord:save";

type Located = { state: "idle" | "locating" | "denied" | "unsupported" } | { state: "located"; longitude: number; latitude: number };

/** The browser's position, or why there is none (permission refused, unsupported, timed out). */
export function locate(): Promise<Located> {
  if (!("geolocation" in navigator)) return Promise.resolve({ state: "unsupported" });
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ state: "located", longitude: Number(p.coords.longitude.toFixed(6)), latitude: Number(p.coords.latitude.toFixed(6)) }),
      () => resolve({ state: "denied" }),
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    ),
  );
}

interface Values extends Record<string, unknown> {
  creditCode: string;
  entName: string;
  checkInType: string;
  address: string;
  remark: string;
  photo: File | null;
}

export function CheckInDialog({ opened, onClose, visitId, enterprise }: { opened: boolean; onClose: () => void; visitId?: string; enterprise?: { creditCode: string; entName: string } }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const master = familyByName.get("common.enenterprisebasicinfo") as Family;
  const [where, setWhere] = useState<Located>({ state: "idle" });
  const form = useKitForm<Values>({
    initialValues: { creditCode: enterprise?.creditCode ?? "", entName: enterprise?.entName ?? "", checkInType: "in", address: "", remark: "", photo: null },
    schema: z.object({ creditCode: z.string().length(18, t("visits.checkIn.enterpriseRequired")) }).passthrough(),
    check: (v) => (v.photo && photoProblem(v.photo) ? { photo: t("visits.checkIn.photoBad") } : {}),
  });
  const findMe = async () => {
    setWhere({ state: "locating" });
    setWhere(await locate());
  };
  const submit = async (v: Values) => {
    const photos = v.photo ? [(await uploadFile(v.photo, () => {})).data.id] : [];
    const answer = await checkIn({
      creditCode: v.creditCode,
      entName: v.entName,
      checkInType: v.checkInType as "in" | "out",
      ...(visitId ? { visitId } : {}),
      ...(where.state === "located" ? { longitude: where.longitude, latitude: where.latitude } : {}),
      ...(v.address ? { address: v.address } : {}),
      ...(v.remark ? { remark: v.remark } : {}),
      ...(photos.length ? { photos } : {}),
    });
    const d = answer.data.distanceMeters;
    notifySuccess(`${t("visits.checkIn.done")} · ${d === null ? t("visits.checkIn.noDistance") : t("visits.checkIn.distance", { meters: d.toLocaleString(i18n.language) })}`);
    await queryClient.invalidateQueries({ queryKey: [checkInPath] });
  };
  return (
    <ModalForm form={form} opened={opened} onClose={onClose} title={t("visits.checkIn.title")} onSubmit={submit} submitTestId="checkin-save" data-testid="checkin-dialog">
      <Stack gap="sm">
        {enterprise ? (
          <Text size="sm" data-testid="checkin-enterprise">{enterprise.entName}</Text>
        ) : (
          <>
            <EnterprisePicker master={master} w="100%" label={t("visits.checkIn.enterprise")} error={form.errors.creditCode as string | undefined} onPick={(e) => form.setValues({ creditCode: e.creditCode, entName: e.entName })} />
            {form.values.entName && <Text size="sm" fw={500} data-testid="checkin-picked">{form.values.entName}</Text>}
          </>
        )}
        <Select label={t("visits.checkIn.type")} data={[{ value: "in", label: t("visits.checkIn.button") }, { value: "out", label: i18n.language === "en-US" ? "Check out" : "签退" }]} {...form.getInputProps("checkInType")} allowDeselect={false} data-testid="checkin-type" />
        <Group gap="sm" align="center">
          <Button variant="light" onClick={() => void findMe()} loading={where.state === "locating"} data-testid="checkin-locate">{t("visits.checkIn.locate")}</Button>
          <Text size="sm" data-testid="checkin-location" data-state={where.state}>
            {where.state === "located" ? t("visits.checkIn.located", { lon: where.longitude, lat: where.latitude }) : where.state === "denied" ? t("visits.checkIn.denied") : where.state === "unsupported" ? t("visits.checkIn.unsupported") : ""}
          </Text>
        </Group>
        {where.state === "denied" && <Alert color="orange" p="xs" data-testid="checkin-denied">{t("visits.checkIn.denied")}</Alert>}
        <TextInput label={t("visits.checkIn.address")} maxLength={256} {...form.getInputProps("address")} data-testid="checkin-address" />
        <FileInput label={t("visits.checkIn.photo")} description={t("visits.checkIn.photoHint")} accept="image/jpeg,image/png,image/webp" clearable {...form.getInputProps("photo")} data-testid="checkin-photo" />
        <Textarea label={t("visits.checkIn.remark")} maxLength={500} autosize minRows={2} {...form.getInputProps("remark")} />
      </Stack>
    </ModalForm>
  );
}

/** A task row's "签到 / Check in" at the task's enterprise (with the save tag of check-ins). */
export function TaskCheckIn({ row }: { family: Family; row: Record<string, unknown> }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  if (!hasPermission(checkInSave)) return null;
  return (
    <>
      <Button size="compact-sm" variant="subtle" onClick={() => setOpened(true)} data-testid="task-check-in">{t("visits.checkIn.button")}</Button>
      {opened && <CheckInDialog opened onClose={() => setOpened(false)} enterprise={{ creditCode: String(row.creditCode ?? ""), entName: String(row.entName ?? "") }} />}
    </>
  );
}

/** The list toolbar's button (with the save tag of check-ins). */
export default function CheckInButton({ family }: { family: Family }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  if (!hasPermission(family.tags.save)) return null;
  return (
    <>
      <Button size="sm" onClick={() => setOpened(true)} data-testid="checkin-open">{t("visits.checkIn.button")}</Button>
      {opened && <CheckInDialog opened onClose={() => setOpened(false)} />}
    </>
  );
}
