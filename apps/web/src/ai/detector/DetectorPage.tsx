import { detectorMinCharacters, type DetectorCharacters, type DetectorResult } from '@pagewright/contracts';
import { Alert, Button, FileButton, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconZoomScan } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccountStore } from '../../account/accountStore';
import { toApiError } from '../../api/ApiError';
import { formatNumber } from '../../i18n/format';
import { handleLimitRefusal } from '../../limits/uploadLimits';
import { DecryptForm } from '../../pages/viewer/DecryptForm';
import { errorMessage } from '../../toasts/errorToast';
import { countCharacters } from '../textRules';
import { detectorCharacters, detectText, detectUploaded, uploadForDetector } from './detectorApi';
import { AccuracyNote } from './DetectorReport';
import { saveDetection } from './detectorResultStore';
import { LoginFrame } from './LoginFrame';

/** /app/ai-detector: the AI-text detector on pasted text or a PDF (SPEC §1, §3, §5); the result opens /app/ai-detector-result. */
export default function DetectorPage() {
  const { t } = useTranslation();
  return (
    <LoginFrame testId="ai-detector" title={t('tools.ai-detector.title')} description={t('tools.ai-detector.description')} icon={<IconZoomScan size={30} stroke={1.7} />}>
      <DetectorWorkspace />
    </LoginFrame>
  );
}

/** An uploaded PDF whose text needs its password (3122): the password form stands in for the text box until it opens. */
interface LockedFile {
  name: string;
  fileId: string;
  wrong: boolean;
}

function DetectorWorkspace() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [characters, setCharacters] = useState<DetectorCharacters | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [locked, setLocked] = useState<LockedFile | null>(null);
  const count = countCharacters(text);

  useEffect(() => {
    const controller = new AbortController();
    detectorCharacters(controller.signal).then(setCharacters, () => undefined);
    return () => controller.abort();
  }, []);

  const done = (result: DetectorResult) => {
    const user = useAccountStore.getState().user;
    if (user) saveDetection(user.user_id, result);
    void navigate('/app/ai-detector-result');
  };

  const fail = (failure: unknown) => {
    const { toast } = handleLimitRefusal(failure);
    if (toast) setError(errorMessage(toApiError(failure).code));
  };

  const detectPasted = async () => {
    setBusy(true);
    setError(null);
    try {
      done(await detectText(text));
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  };

  /** Reads an uploaded PDF; an encrypted one asks for its password (SPEC §5), a wrong password asks again. */
  const detectFile = async (name: string, fileId: string, password?: string) => {
    setBusy(true);
    setError(null);
    try {
      done(await detectUploaded(fileId, password));
    } catch (failure) {
      const code = toApiError(failure).code;
      if (code === 3122 || code === 'INCORRECT_PASSWORD') setLocked({ name, fileId, wrong: code === 'INCORRECT_PASSWORD' });
      else {
        setLocked(null);
        fail(failure);
      }
    } finally {
      setBusy(false);
    }
  };

  const choose = async (file: File) => {
    setBusy(true);
    setError(null);
    setLocked(null);
    let fileId: string;
    try {
      fileId = await uploadForDetector(file);
    } catch (failure) {
      fail(failure);
      setBusy(false);
      return;
    }
    await detectFile(file.name, fileId);
  };

  if (locked) {
    return (
      <Stack gap="sm">
        <DecryptForm key={locked.fileId} name={locked.name} wrong={locked.wrong} onUnlock={(password) => detectFile(locked.name, locked.fileId, password)} />
        <Group justify="center">
          <Button variant="subtle" onClick={() => setLocked(null)} data-testid="detector-password-skip">{t('password.skip')}</Button>
        </Group>
        {error && <Alert color="red" data-testid="detector-error">{error}</Alert>}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Textarea
          label={t('aiDetector.paste')}
          description={t('aiDetector.intro', { min: formatNumber(detectorMinCharacters) })}
          autosize minRows={8} maxRows={20}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          data-testid="detector-text"
        />
        <Group justify="space-between">
          <Text fz="sm" c={count < detectorMinCharacters ? 'dimmed' : undefined} data-testid="detector-count">
            {t('aiDetector.count', { count, formatted: formatNumber(count) })}
            {characters && ` · ${t('aiDetector.remaining', { used: formatNumber(characters.used), total: formatNumber(characters.total) })}`}
          </Text>
          <Group>
            <FileButton accept="application/pdf,.pdf" onChange={(file) => file && void choose(file)}>
              {(props) => <Button variant="default" disabled={busy} {...props} data-testid="detector-file">{t('aiDetector.file')}</Button>}
            </FileButton>
            <Button loading={busy} disabled={count < detectorMinCharacters} onClick={() => void detectPasted()} data-testid="detector-submit">
              {t('aiDetector.detect')}
            </Button>
          </Group>
        </Group>
        {error && <Alert color="red" data-testid="detector-error">{error}</Alert>}
        {characters && <AccuracyNote accuracy={characters.accuracy} testId="detector-accuracy-note" />}
      </Stack>
    </Paper>
  );
}
