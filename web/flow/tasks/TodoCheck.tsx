/**
 * /todoCheck?taskId=&procInsId= — one approval: the model's simple form with the instance's variables
 * (editable only where the node's formPerms says `edit`), the actions this user may take now, the flow
 * record and the diagram of the instance's own version (done and active nodes marked). Without a taskId
 * (from my initiations, the instance list or the monitor) it is the read-only view of the instance.
 * The route sends a visitor without a session to /login and back here (web/app/router.tsx).
 */
import { Alert, Anchor, Box, Button, Card, Center, Code, Container, Grid, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { IconArrowLeft } from "@tabler/icons-react";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { setTitle } from "../../core/i18n.ts";
import { fetchAttributes, fetchBusiness, fetchInstanceInfo, fetchStartForm, fetchVariables, fetchViewer, show, task, variableRows, type FormPerm, type TaskAction } from "./api.ts";
import { FlowRecord } from "./FlowRecord.tsx";
import { BusinessRecord } from "./BusinessRecord.tsx";
import { FormFields, missingRequired, typedValues, type FormValues } from "./FormFields.tsx";
import { StatusBadge } from "./parts.tsx";
import { TaskActions } from "./TaskActions.tsx";
import { useSeededName } from "../../core/seeded.ts";
import { collectTaskForm, isFormKey, TaskForm, useTaskForm } from "../../forms/TaskForm.tsx";

/** A form's node permissions with everything not editable hidden: the editor below the record shows only the inputs. */
const onlyEditable = (perms: Record<string, "edit" | "read" | "hidden">) => Object.fromEntries(Object.entries(perms).map(([k, v]) => [k, v === "edit" ? v : ("hidden" as const)]));

const BpmnViewer = lazy(() => import("../diagram/BpmnViewer.tsx"));

function Diagram({ procInsId }: { procInsId: string }) {
  const { t } = useTranslation();
  const viewer = useQuery({ queryKey: [`${task}/flowViewer`, procInsId], queryFn: () => fetchViewer(procInsId) });
  if (viewer.isLoading) return <Center h={200}><Loader /></Center>;
  if (viewer.error) return <Alert color="red">{(viewer.error as Error).message}</Alert>;
  if (!viewer.data?.xml) return <Text c="dimmed" size="sm">{t("sys.common.noData")}</Text>;
  return (
    <Suspense fallback={<Center h={200}><Loader /></Center>}>
      <BpmnViewer xml={viewer.data.xml} doneNodes={viewer.data.doneNodes} activeNodes={viewer.data.activeNodes} doneFlows={viewer.data.doneFlows} height={420} />
    </Suspense>
  );
}

/** Engine bookkeeping that is no form value. */
const internal = new Set(["initiator", "initiatorLeader", "loopCounter", "nrOfInstances", "nrOfCompletedInstances", "nrOfActiveInstances"]);

/**
 * The read-only view (no task): the business record the instance is about (as the reader may see it without a
 * task), or, for a model without a simple form (imported BPMN), the variables as a table.
 */
function InstanceForm({ procInsId, deployId }: { procInsId: string; deployId: string | undefined }) {
  const business = useQuery({ queryKey: [`${task}/business`, procInsId], queryFn: () => fetchBusiness(procInsId) });
  if (business.isLoading) return <Loader size="sm" />;
  if (business.error) return <Alert color="red">{(business.error as Error).message}</Alert>;
  if (business.data) return <BusinessRecord view={business.data} />;
  return <InstanceVariables procInsId={procInsId} deployId={deployId} />;
}

/** An instance without a business view (imported BPMN has no form): its variables. */
function InstanceVariables({ procInsId, deployId }: { procInsId: string; deployId: string | undefined }) {
  const { t } = useTranslation();
  const vars = useQuery({ queryKey: [`${task}/processVariables`, procInsId], queryFn: () => fetchVariables(procInsId) });
  const form = useQuery({ queryKey: ["/flowable/process/startFlow", deployId], queryFn: () => fetchStartForm(deployId!), enabled: !!deployId, retry: false });
  if (vars.isLoading || (deployId && form.isLoading)) return <Loader size="sm" />;
  if (vars.error) return <Alert color="red">{(vars.error as Error).message}</Alert>;
  const fields = form.data?.formFields ?? [];
  if (fields.length) {
    const values = Object.fromEntries(variableRows(vars.data).map((r) => [r.name, r.value]));
    return <FormFields fields={fields} values={values} onChange={() => {}} />;
  }
  const rows = variableRows(vars.data).filter((r) => !internal.has(r.name) && !r.name.startsWith("approver_"));
  if (!rows.length) return <Text c="dimmed" size="sm">{t("flowTasks.page.noForm")}</Text>;
  return (
    <Table withTableBorder data-testid="flow-variables">
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.name}><Table.Th w={200}><Code>{r.name}</Code></Table.Th><Table.Td style={{ wordBreak: "break-all" }}>{show(r.value)}</Table.Td></Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export default function TodoCheck() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const search = useSearch({ strict: false }) as { taskId?: string | number; procInsId?: string | number; resubmit?: string | number; from?: string };
  const taskId = search.taskId != null && search.taskId !== "" ? String(search.taskId) : null;
  const [attrProcInsId, setAttrProcInsId] = useState<string | null>(null);
  const procInsId = search.procInsId != null && search.procInsId !== "" ? String(search.procInsId) : attrProcInsId;

  const attributes = useQuery({ queryKey: [`${task}/taskAttributes`, taskId], queryFn: () => fetchAttributes(taskId!), enabled: !!taskId, retry: false });
  const info = useQuery({ queryKey: ["/flowable/instance/info", procInsId], queryFn: () => fetchInstanceInfo(procInsId!), enabled: !!procInsId, retry: false });
  const data = attributes.data;

  // a link with only the task still finds its instance
  useEffect(() => {
    const id = data?.instance.procInsId;
    if (id && !attrProcInsId) setAttrProcInsId(String(id));
  }, [data, attrProcInsId]);

  // an instance started from a filled form shows that form, as the node's formPerms allow (web/forms)
  const formTask = !!taskId && isFormKey(data?.instance?.businessKey);
  const taskForm = useTaskForm(formTask ? taskId : null);

  // the form starts from the instance's variables (or the filled form's values), again whenever the server's answer changes
  const [values, setValues] = useState<FormValues>({});
  useEffect(() => {
    if (data && !formTask) setValues({ ...(data.variables ?? {}) });
  }, [data, formTask]);
  useEffect(() => {
    if (taskForm.data) setValues({ ...taskForm.data.values });
  }, [taskForm.data]);

  const actions: TaskAction[] = data?.actions ?? [];
  const resubmit = !!(data?.task.resumeAt || String(search.resubmit ?? "") === "1");
  // the initiator resubmitting edits the whole start form unless the model says otherwise
  // and nobody edits a task they may not complete (someone else's, a done one, a suspended instance)
  const canComplete = actions.includes("complete") || actions.includes("resolve");
  const perms = useMemo((): Record<string, FormPerm> => {
    if (!data) return {};
    const granted: Record<string, FormPerm> =
      !resubmit || Object.keys(data.formPerms ?? {}).length ? (data.formPerms ?? {}) : Object.fromEntries(data.formFields.map((f) => [f.key, "edit" as const]));
    return canComplete ? granted : Object.fromEntries(Object.entries(granted).map(([k, v]) => [k, v === "edit" ? "read" : v]));
  }, [data, resubmit, canComplete]);

  // what this approver may change is an input below the record; the record shows the rest
  const editable = useMemo(() => {
    const granted = formTask ? (taskForm.data?.perms ?? {}) : perms;
    return new Set(Object.keys(granted).filter((k) => granted[k] === "edit" && (canComplete || !formTask)));
  }, [formTask, taskForm.data, perms, canComplete]);

  const named = useSeededName();
  const procName = named(data?.instance.procDefName ?? info.data?.procDefName ?? "");
  const taskName = named(data?.task.taskName ?? "");
  useEffect(() => {
    setTitle([taskName, procName].filter(Boolean).join(" · ") || t("flowTasks.page.title"));
  }, [procName, taskName, t]);

  const collect = () => {
    if (formTask && taskForm.data) {
      const { data: edited, missing } = collectTaskForm(taskForm.data, values);
      if (missing.length) return { missing: t("flowTasks.page.missing", { names: missing.join(i18n.language === "zh-CN" ? "、" : ", ") }) };
      return { variables: edited };
    }
    const fields = data?.formFields ?? [];
    const missing = missingRequired(fields, values, perms);
    if (missing.length) return { missing: t("flowTasks.page.missing", { names: missing.join(i18n.language === "zh-CN" ? "、" : ", ") }) };
    const mayEdit = (key: string) => perms[key] === "edit";
    return { variables: typedValues(fields, values, (f) => mayEdit(f.key)) };
  };

  const refresh = () => {
    for (const key of ["/form/data", `${task}/taskAttributes`, `${task}/business`, `${task}/flowRecord`, `${task}/flowViewer`, `${task}/processVariables`, "/flowable/instance/info", `${task}/todoList`, `${task}/finishedList`, `${task}/myProcess`, "/flowable/task/counts"])
      void queryClient.invalidateQueries({ queryKey: [key] });
  };

  // back to the screen it was opened from (`from`, set by the lists); from a link or a message: home
  const back = () => {
    const from = typeof search.from === "string" && search.from.startsWith("/") && !search.from.startsWith("//") ? search.from : "/home";
    void navigate({ to: from });
  };

  const status = info.data?.status ?? (data?.instance?.status as string | undefined);
  const notFound = !taskId && !procInsId;

  return (
    <Container size="xl" py="md" data-testid="todo-check">
      <Stack>
        <Group justify="space-between">
          <Group gap="sm">
            <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={back} data-testid="todo-back">{t("actions.back")}</Button>
            <Title order={4}>{procName || t("flowTasks.page.title")}</Title>
            {taskName && <Text c="dimmed">· {taskName}</Text>}
            <StatusBadge status={status} />
          </Group>
          <Anchor size="sm" onClick={() => void navigate({ to: "/home" })}>{t("actions.home")}</Anchor>
        </Group>

        {notFound && <Alert color="orange">{t("flowTasks.page.noTask")}</Alert>}
        {attributes.error && <Alert color="red" data-testid="task-error">{(attributes.error as Error).message}</Alert>}
        {status === "suspended" && <Alert color="orange">{t("flowTasks.page.suspended")}</Alert>}

        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack>
              <Card withBorder>
                <Stack>
                  <Title order={5}>{t("flowTasks.page.form")}</Title>
                  {taskId ? (
                    attributes.isLoading || taskForm.isLoading ? <Loader size="sm" /> : formTask && taskForm.error ? (
                      <Alert color="red">{(taskForm.error as Error).message}</Alert>
                    ) : data?.business ? (
                      <Stack>
                        <BusinessRecord view={{ ...data.business, fields: data.business.fields.filter((f) => !editable.has(f.key)) }} />
                        {formTask && taskForm.data ? (
                          editable.size > 0 && <TaskForm answer={{ ...taskForm.data, perms: onlyEditable(taskForm.data.perms) }} values={values} onChange={(key, v) => setValues((s) => ({ ...s, [key]: v }))} />
                        ) : (
                          editable.size > 0 && <FormFields fields={(data.formFields ?? []).filter((f) => editable.has(f.key))} values={values} perms={perms} onChange={(key, v) => setValues((s) => ({ ...s, [key]: v }))} />
                        )}
                      </Stack>
                    ) : formTask && taskForm.data ? (
                      <TaskForm answer={taskForm.data} values={values} onChange={(key, v) => setValues((s) => ({ ...s, [key]: v }))} />
                    ) : data ? (
                      <FormFields fields={data.formFields ?? []} values={values} perms={perms} onChange={(key, v) => setValues((s) => ({ ...s, [key]: v }))} />
                    ) : null
                  ) : procInsId ? (
                    info.isLoading ? <Loader size="sm" /> : <InstanceForm procInsId={procInsId} deployId={info.data?.deployId as string | undefined} />
                  ) : null}
                  {Object.values(perms).includes("edit") && <Text size="xs" c="dimmed">{t("flowTasks.page.editableHint")}</Text>}
                </Stack>
              </Card>
              {procInsId && taskId && data && (
                <Card withBorder>
                  <TaskActions taskId={taskId} procInsId={procInsId} actions={actions} resubmit={resubmit} collect={collect} onDone={refresh} formTask={formTask} />
                </Card>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card withBorder>
              <Stack>
                <Title order={5}>{t("flowTasks.page.record")}</Title>
                {procInsId ? <FlowRecord procInsId={procInsId} /> : <Loader size="sm" />}
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>

        <Card withBorder>
          <Stack>
            <Title order={5}>{t("flowTasks.page.diagram")}</Title>
            <Box>{procInsId ? <Diagram procInsId={procInsId} /> : <Loader size="sm" />}</Box>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
