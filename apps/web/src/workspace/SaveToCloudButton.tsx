import { Button } from '@mantine/core';
import { IconCloudCheck, IconCloudUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccountStore } from '../account/accountStore';
import { openLogin } from '../account/loginDialog';
import { useLocalizedPath } from '../app/paths';
import { showErrorToast } from '../toasts/errorToast';
import { showToast } from '../toasts/toastStore';
import { bindRun, saveRunToCloud, type FinishedRun } from './saveToCloud';

const cloudPath = '/app/document-cloud';

/**
 * One click keeps a finished run's results in the user's Document Cloud. A guest signs in
 * first (the run becomes theirs), then the save goes ahead; a full cloud says so.
 */
export function SaveToCloudButton({ run }: { run: FinishedRun }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const [phase, setPhase] = useState<'idle' | 'saving' | 'saved'>('idle');

  const save = async () => {
    const guest = useAccountStore.getState().user === null;
    if (guest && !(await openLogin())) return;
    setPhase('saving');
    try {
      if (guest) await bindRun(run);
      await saveRunToCloud(run);
      setPhase('saved');
      const href = localized(cloudPath);
      showToast(t('share.cloudSave.saved'), 'success', {
        link: { label: t('share.cloudSave.open'), href, navigate: () => void navigate(href) },
      });
    } catch (error) {
      setPhase('idle');
      showErrorToast(error);
    }
  };

  return (
    <Button
      size="lg"
      radius="xl"
      variant="light"
      leftSection={phase === 'saved' ? <IconCloudCheck size={20} /> : <IconCloudUpload size={20} />}
      loading={phase === 'saving'}
      disabled={phase === 'saved'}
      onClick={() => void save()}
      data-testid="save-to-cloud"
    >
      {phase === 'saved' ? t('share.cloudSave.done') : t('share.cloudSave.button')}
    </Button>
  );
}
