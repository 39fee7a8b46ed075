import type { OutpaintSettings } from '@lumen/contracts/image-tools';
import { toolOf, type ToolId } from '@lumen/contracts/tools';
import { Alert, Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { taskTypeName } from '../../../shared/i18n/task-type-name';
import { CostBar } from '../../generate/components/cost-bar';
import { useGating } from '../../generate/gating';
import { useQuote } from '../../generate/use-quote';
import { useOwnPicture } from '../api/get-own-picture';
import { usePendingPicture } from '../pending-picture';
import { editorToolIds, isEditorTool } from '../tool-catalogue';
import { BackgroundPanel } from './background-panel';
import { EditorCanvas, type CanvasTool } from './editor-canvas';
import {
  continueFrom,
  currentStep,
  goToStep,
  noSteps,
  startSteps,
  type EditorPicture,
} from './editor-steps';
import { HistoryStrip } from './history-strip';
import { LibraryPicker } from './library-picker';
import {
  addMaskOp,
  canRedo,
  canUndo,
  emptyMaskHistory,
  redoMaskOp,
  undoMaskOp,
  type MaskHistory,
} from './mask-history';
import { MaskToolbar } from './mask-toolbar';
import { PictureOpener } from './picture-opener';
import { ResultView } from './result-view';
import { RunStatus } from './run-status';
import {
  EnhancePanel,
  ExpandPanel,
  InstructionPanel,
  PromptField,
  VectorizePanel,
} from './settings-panels';
import {
  defaultSettings,
  expandPlan,
  findBlocker,
  noPadding,
  type ToolSettings,
} from './tool-settings';
import { useOpenFile } from './use-open-file';
import { useWorkPicture } from './use-work-picture';
import { useToolRun } from './use-tool-run';
import classes from './editor.module.css';

/**
 * The image editor (spec §2): one picture, the editing tools' panels beside it, the cost
 * before each run, the result against the original, and the steps taken so far.
 */
export function EditorPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tool') ?? '';
  const tool: ToolId = isEditorTool(asked) ? asked : (editorToolIds[0] as ToolId);
  const setTool = (id: ToolId) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tool', id);
        return next;
      },
      { replace: true },
    );
  const definition = toolOf(tool);
  const panel = definition.ui.editor;
  const gating = useGating();
  const gated = definition.gate !== undefined && !gating.allows(definition.gate);

  const [steps, setSteps] = useState(noSteps);
  const step = currentStep(steps);
  const [mask, setMask] = useState<MaskHistory>(emptyMaskHistory);
  const [canvasTool, setCanvasTool] = useState<CanvasTool>('brush');
  const [brushSize, setBrushSize] = useState(48);
  const [settings, setSettings] = useState<ToolSettings>(defaultSettings);
  const [pickerOpen, setPickerOpen] = useState(false);
  const change = (patch: Partial<ToolSettings>) => setSettings((s) => ({ ...s, ...patch }));
  const toolRun = useToolRun();

  const open = useCallback(
    (picture: EditorPicture) => {
      setSteps(startSteps(picture));
      setMask(emptyMaskHistory);
      setSettings((s) => ({ ...s, padding: noPadding }));
      toolRun.dismiss();
    },
    // toolRun.dismiss only clears state; it is the same on every render in effect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const opener = useOpenFile(tool, open);

  // A picture dropped on a toolbox card arrives with the navigation.
  useEffect(() => {
    const file = usePendingPicture.getState().take();
    if (file) opener.open(file);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  // An "Edit" action elsewhere opens one of the user's results by its task; it opens once,
  // when its answer arrives (set during render, as React advises for state from new data).
  const taskId = params.get('task');
  const own = useOwnPicture(taskId, Number(params.get('index') ?? 0));
  const [openedFrom, setOpenedFrom] = useState<EditorPicture | null>(null);
  if (own.data && own.data !== openedFrom) {
    setOpenedFrom(own.data);
    open(own.data);
  }

  useWorkPicture(params.get('work'), opener.open);

  // Undo and redo from the keyboard, unless the keys go to a text field.
  useEffect(() => {
    const keys = (event: KeyboardEvent) => {
      const target = event.target;
      if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return;
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z') return;
      event.preventDefault();
      setMask((m) => (event.shiftKey ? redoMaskOp(m) : undoMaskOp(m)));
    };
    window.addEventListener('keydown', keys);
    return () => window.removeEventListener('keydown', keys);
  }, []);

  const quote = useQuote({ task_type: tool, count: 1 });
  const blocker = findBlocker(tool, step, settings, mask.done);
  const running = toolRun.task !== null && ['queued', 'generating'].includes(toolRun.task.status);
  const finished = toolRun.task?.status === 'done' && toolRun.run ? toolRun.run : null;
  const plan = step ? expandPlan(step, settings) : null;
  const padding: OutpaintSettings = plan?.ok ? plan.padding : settings.padding;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!step || blocker || running) return;
    void toolRun.start(tool, step, settings, mask.done);
  };

  const canvasMode = panel === 'mask' ? 'mask' : panel === 'expand' ? 'expand' : 'view';
  const toolOptions = editorToolIds.map((id) => ({ value: id, label: taskTypeName(t, id) }));

  return (
    <Stack gap="md" maw={1400} mx="auto">
      <Group justify="space-between" gap="xs">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('tools.editor.title')}
        </Title>
        {step ? (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPhotoPlus size={14} />}
            onClick={() => {
              setSteps(noSteps);
              setMask(emptyMaskHistory);
              toolRun.dismiss();
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  next.delete('task');
                  next.delete('index');
                  next.delete('work');
                  return next;
                },
                { replace: true },
              );
            }}
          >
            {t('tools.editor.open.another')}
          </Button>
        ) : null}
      </Group>
      <div className={classes.layout}>
        <Card withBorder radius="lg" padding="md" className={classes.panel}>
          <form onSubmit={submit}>
            <Stack gap="md">
              <Select
                label={t('tools.editor.tool')}
                data={toolOptions}
                value={tool}
                allowDeselect={false}
                onChange={(value) => value && isEditorTool(value) && setTool(value)}
                rightSection={
                  gated ? (
                    <Badge size="xs" color="yellow">
                      {t('tools.plus')}
                    </Badge>
                  ) : undefined
                }
                rightSectionWidth={gated ? 64 : undefined}
              />
              <Text size="xs" c="dimmed">
                {t(`tools.descriptions.${tool}`)}
              </Text>
              {panel === 'mask' && step ? (
                <MaskToolbar
                  tool={canvasTool}
                  onTool={setCanvasTool}
                  brushSize={brushSize}
                  onBrushSize={setBrushSize}
                  onInvert={() => setMask((m) => addMaskOp(m, { kind: 'invert' }))}
                  onClear={() => setMask((m) => addMaskOp(m, { kind: 'clear' }))}
                  onUndo={() => setMask(undoMaskOp)}
                  onRedo={() => setMask(redoMaskOp)}
                  canUndo={canUndo(mask)}
                  canRedo={canRedo(mask)}
                />
              ) : null}
              {panel === 'instruction' ? (
                <InstructionPanel settings={settings} onChange={change} />
              ) : definition.inputs.prompt === 'required' ? (
                <PromptField settings={settings} onChange={change} />
              ) : null}
              {panel === 'expand' && plan ? (
                <ExpandPanel settings={settings} onChange={change} plan={plan} />
              ) : null}
              {panel === 'background' ? (
                <BackgroundPanel
                  value={settings.background}
                  onChange={(background) => change({ background })}
                />
              ) : null}
              {panel === 'enhance' && step ? (
                <EnhancePanel settings={settings} onChange={change} picture={step} />
              ) : null}
              {panel === 'vectorize' ? (
                <VectorizePanel settings={settings} onChange={change} />
              ) : null}
              {gated ? (
                <Alert color="yellow" variant="light" p="xs">
                  <Text size="xs">{t('tools.editor.gated')}</Text>
                </Alert>
              ) : null}
              {toolRun.task && toolRun.task.status !== 'done' ? (
                <RunStatus
                  task={toolRun.task}
                  onCancelled={toolRun.cancelled}
                  onDismiss={toolRun.dismiss}
                />
              ) : null}
              <CostBar
                quote={quote}
                submitting={toolRun.submitting || running}
                blocker={blocker ? t(blocker.key, blocker.values) : null}
              />
            </Stack>
          </form>
        </Card>
        <Stack gap="sm">
          {finished && toolRun.task ? (
            <ResultView
              task={toolRun.task}
              input={finished.input}
              onContinue={(picture) => {
                setSteps((s) => continueFrom(s, { ...picture, toolId: finished.toolId }));
                setMask(emptyMaskHistory);
                toolRun.dismiss();
              }}
              onDiscard={toolRun.dismiss}
            />
          ) : step ? (
            <EditorCanvas
              imageUrl={step.url}
              width={step.width}
              height={step.height}
              mode={canvasMode}
              maskOps={mask.done}
              onMaskOp={(op) => setMask((m) => addMaskOp(m, op))}
              tool={canvasTool}
              brushSize={brushSize}
              padding={padding}
              onPaddingChange={(next) => change({ ratio: null, padding: next })}
            />
          ) : taskId && own.isPending ? (
            <div className={classes.dropzone} aria-busy="true" />
          ) : (
            <>
              {taskId && own.isError ? (
                <Alert color="gray" variant="light">
                  {t('tools.editor.open.notYours')}
                </Alert>
              ) : null}
              <PictureOpener
                busy={opener.busy}
                error={opener.error}
                onFile={opener.open}
                onLibrary={() => setPickerOpen(true)}
              />
            </>
          )}
          <HistoryStrip
            steps={steps.steps}
            current={steps.current}
            onSelect={(index) => {
              setSteps((s) => goToStep(s, index));
              setMask(emptyMaskHistory);
              toolRun.dismiss();
            }}
          />
        </Stack>
      </div>
      <LibraryPicker opened={pickerOpen} onClose={() => setPickerOpen(false)} onPick={open} />
    </Stack>
  );
}
