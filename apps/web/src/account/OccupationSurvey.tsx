import { Button, Chip, Drawer, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { occupationMaxLength, occupationOptions, timing, type OccupationOption, type UserInfo } from '@pagewright/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../toasts/toastStore';
import { collectOccupation } from './accountApi';
import { useAccountStore } from './accountStore';
import { closeOccupationSurvey, occupationAnswer, otherTextAtLimit, useSurveyStore } from './occupation';

/**
 * The occupation survey of SPEC §2, §4 and §5: a dialog on desktop, a bottom drawer at 90%
 * height on phones. Closing it is remembered for 7 days; a saved answer becomes the career.
 */
export default function OccupationSurvey() {
  const { t } = useTranslation();
  const user = useAccountStore((s) => s.user);
  const phone = useMediaQuery('(max-width: 48em)');
  if (!user) return null;

  const title = <Text fw={700} fz="lg">{t('survey.title')}</Text>;
  const close = () => closeOccupationSurvey(user.user_id);
  const form = <SurveyForm user={user} />;
  return phone ? (
    <Drawer closeButtonProps={{ 'aria-label': t('app.close') }} opened onClose={close} position="bottom" size="90%" title={title} radius="lg" data-testid="occupation-survey">
      {form}
    </Drawer>
  ) : (
    <Modal closeButtonProps={{ 'aria-label': t('app.close') }} opened onClose={close} title={title} centered radius="lg" size={520} data-testid="occupation-survey">
      {form}
    </Modal>
  );
}

function SurveyForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<OccupationOption | null>(null);
  const [other, setOther] = useState('');
  const [busy, setBusy] = useState(false);
  const answer = occupationAnswer(choice, other);

  const send = async (occupation: string) => {
    setBusy(true);
    try {
      const career = await collectOccupation(occupation);
      useAccountStore.getState().setUser({ ...user, career });
      useSurveyStore.setState({ opened: false });
      showToast(t('survey.saved'), 'success');
    } catch {
      showToast(t('survey.failed'), 'warning');
    } finally {
      setBusy(false);
    }
  };
  // Repeated presses within 500 ms send one answer (SPEC §5).
  const submit = useDebouncedCallback((occupation: string) => void send(occupation), timing.submitDebounceMs);

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">{t('survey.subtitle')}</Text>
      <Chip.Group multiple={false} value={choice} onChange={(value) => setChoice(value as OccupationOption)}>
        <Group gap="xs">
          {occupationOptions.map((option) => (
            <Chip key={option} value={option} radius="xl">
              {t(`survey.options.${option}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {choice === 'other' && (
        <TextInput
          value={other}
          onChange={(event) => setOther(event.currentTarget.value)}
          maxLength={occupationMaxLength}
          placeholder={t('survey.otherPlaceholder')}
          aria-label={t('survey.otherPlaceholder')}
          error={otherTextAtLimit(other) ? t('survey.otherLimit', { count: occupationMaxLength }) : undefined}
          autoFocus
          data-testid="occupation-other"
        />
      )}
      <Button
        radius="xl"
        disabled={answer === null}
        loading={busy}
        onClick={() => { if (answer !== null) submit(answer); }}
        data-testid="occupation-submit"
      >
        {t('survey.submit')}
      </Button>
    </Stack>
  );
}
