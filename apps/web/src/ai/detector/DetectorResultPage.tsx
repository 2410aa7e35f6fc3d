import type { DetectorCharacters } from '@pagewright/contracts';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccount } from '../../account/accountStore';
import { detectorCharacters } from './detectorApi';
import { DetectorReport } from './DetectorReport';
import { loadDetection } from './detectorResultStore';
import { LoginFrame } from './LoginFrame';

/** /app/ai-detector-result (SPEC §2, limit key AIDetector): the last detection of this account in this tab. */
export default function DetectorResultPage() {
  const { t } = useTranslation();
  return (
    <LoginFrame testId="ai-detector-result" title={t('features.ai-detector-result.title')} description={t('features.ai-detector-result.description')} icon={<IconRobot size={30} stroke={1.7} />}>
      <DetectorResultView />
    </LoginFrame>
  );
}

function DetectorResultView() {
  const { t } = useTranslation();
  const { user } = useAccount();
  const result = user ? loadDetection(user.user_id) : null;
  // SPEC §3 remain info: the month's allowance beside what this check left of it.
  const [characters, setCharacters] = useState<DetectorCharacters | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    detectorCharacters(controller.signal).then(setCharacters, () => undefined);
    return () => controller.abort();
  }, []);
  const again = (
    <Button component={Link} to="/app/ai-detector" variant="default" data-testid="detector-again">{t('aiDetector.again')}</Button>
  );
  if (!result) {
    return (
      <Paper withBorder radius="lg" p="xl" data-testid="detector-no-result">
        <Stack gap="sm" align="flex-start">
          <Text>{t('aiDetector.noResult')}</Text>
          {again}
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="md" align="stretch">
      <DetectorReport result={result} characters={characters} />
      <div>{again}</div>
    </Stack>
  );
}
