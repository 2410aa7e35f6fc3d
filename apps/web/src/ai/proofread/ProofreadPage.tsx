import { proofreadLanguages, type ProofreadFinding, type ProofreadLanguage, type ProofreadResult } from '@pagewright/contracts';
import { Alert, Badge, Button, FileButton, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconWriting } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../api/ApiError';
import { handleLimitRefusal } from '../../limits/uploadLimits';
import { errorMessage } from '../../toasts/errorToast';
import { downloadCorrectedDocx, proofreadFile, proofreadText } from '../detector/detectorApi';
import { LoginFrame } from '../detector/LoginFrame';
import { acceptAll, acceptFinding } from './findings';

/** The UI language's proofreading language, English when it has no dictionary. */
function defaultLanguage(uiLanguage: string): ProofreadLanguage {
  const base = uiLanguage.toLowerCase().split('-')[0] ?? 'en';
  return (proofreadLanguages as readonly string[]).includes(base) ? (base as ProofreadLanguage) : 'en';
}

/** /app/ai-proofread: spelling, grammar and style findings on pasted text or a PDF, each to accept or ignore. */
export default function ProofreadPage() {
  const { t } = useTranslation();
  return (
    <LoginFrame testId="ai-proofread" title={t('features.ai-proofread.title')} description={t('features.ai-proofread.description')} icon={<IconWriting size={30} stroke={1.7} />}>
      <ProofreadWorkspace />
    </LoginFrame>
  );
}

function ProofreadWorkspace() {
  const { t, i18n } = useTranslation();
  const [lang, setLang] = useState<ProofreadLanguage>(() => defaultLanguage(i18n.language));
  const [text, setText] = useState('');
  const [findings, setFindings] = useState<ProofreadFinding[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (check: () => Promise<ProofreadResult>) => {
    setBusy(true);
    setError(null);
    try {
      const result = await check();
      setText(result.text);
      setFindings(result.findings);
    } catch (failure) {
      const { toast } = handleLimitRefusal(failure);
      if (toast) setError(errorMessage(toApiError(failure).code));
    } finally {
      setBusy(false);
    }
  };

  const accept = (index: number, replacement: string) => {
    if (!findings) return;
    const edited = acceptFinding(text, findings, index, replacement);
    setText(edited.text);
    setFindings(edited.findings);
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Select
            label={t('aiProofread.language')}
            data={proofreadLanguages.map((value) => ({ value, label: t(`aiProofread.languages.${value}`) }))}
            value={lang}
            onChange={(value) => value && setLang(value as ProofreadLanguage)}
            allowDeselect={false}
            maw={280}
            data-testid="proofread-language"
          />
          <Textarea
            label={t('aiProofread.paste')}
            description={t('aiProofread.intro')}
            autosize minRows={6} maxRows={20}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              // Findings point into the text they were made for: an edit by hand asks for a new check.
              setFindings(null);
            }}
            data-testid="proofread-text"
          />
          <Group justify="flex-end">
            <FileButton accept="application/pdf,.pdf" onChange={(file) => file && void run(() => proofreadFile(file, lang))}>
              {(props) => <Button variant="default" disabled={busy} {...props} data-testid="proofread-file">{t('aiProofread.file')}</Button>}
            </FileButton>
            <Button loading={busy} disabled={!text.trim()} onClick={() => void run(() => proofreadText(text, lang))} data-testid="proofread-submit">
              {t('aiProofread.check')}
            </Button>
          </Group>
          <Text fz="xs" c="dimmed">{t('aiProofread.rulesNote')}</Text>
          {/* What Japanese and Chinese get offline is narrower than a dictionary: the page says so where it applies. */}
          {(lang === 'ja' || lang === 'zh') && <Text fz="xs" c="dimmed" data-testid="proofread-cjk-note">{t('aiProofread.cjkNote')}</Text>}
          {error && <Alert color="red" data-testid="proofread-error">{error}</Alert>}
        </Stack>
      </Paper>
      {findings && (
        <Paper withBorder radius="lg" p="lg" data-testid="proofread-findings">
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={600}>{findings.length === 0 ? t('aiProofread.none') : t('aiProofread.count', { count: findings.length })}</Text>
              <Group gap="xs">
                {findings.some((f) => f.suggestions.length > 0) && (
                  <Button variant="light" onClick={() => {
                    const edited = acceptAll(text, findings);
                    setText(edited.text);
                    setFindings(edited.findings);
                  }} data-testid="proofread-accept-all">{t('aiProofread.acceptAll')}</Button>
                )}
                <Button variant="default" onClick={() => {
                  const edited = acceptAll(text, findings);
                  setText(edited.text);
                  setFindings(edited.findings);
                  downloadCorrectedDocx(edited.text).catch((failure: unknown) => setError(errorMessage(toApiError(failure).code)));
                }} data-testid="proofread-docx">{t('aiProofread.docx')}</Button>
              </Group>
            </Group>
            {findings.map((finding, index) => (
              <Group key={`${finding.start}-${finding.kind}`} justify="space-between" wrap="nowrap" data-testid="proofread-finding" data-kind={finding.kind}>
                <Stack gap={2}>
                  <Group gap="xs">
                    <Badge variant="light">{t(`aiProofread.kind.${finding.kind}`)}</Badge>
                    <Text component="span" td={finding.kind === 'spelling' ? 'line-through' : undefined}>{finding.text}</Text>
                    {finding.suggestions[0] !== undefined && <Text component="span" fw={600}>→ {finding.suggestions[0] || '∅'}</Text>}
                  </Group>
                  {finding.suggestions.length === 0 && <Text fz="xs" c="dimmed">{t(`aiProofread.hint.${finding.kind}`, { defaultValue: t('aiProofread.noSuggestion') })}</Text>}
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  {finding.suggestions[0] !== undefined && (
                    <Button size="xs" onClick={() => accept(index, finding.suggestions[0]!)} data-testid="proofread-accept">{t('aiProofread.accept')}</Button>
                  )}
                  <Button size="xs" variant="default" onClick={() => setFindings(findings.filter((_, i) => i !== index))} data-testid="proofread-ignore">{t('aiProofread.ignore')}</Button>
                </Group>
              </Group>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
