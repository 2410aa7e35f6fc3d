import { timing, type LimitKey } from '@pagewright/contracts';
import { Alert, CloseButton, Group, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openPayDialog } from '../billing/payStore';
import { removeFile } from '../files/fileProcessing';
import { useFileStore } from '../files/fileStore';
import type { PayGuide } from '../billing/payGuides';
import { decidePageCount } from './limitRules';
import { currentLimitAccount } from './uploadLimits';

interface OverLimit {
  uid: string;
  name: string;
  pages: number;
  maximum: number;
}

/**
 * The page-count rule of SPEC §5: once document/info has told a file's pages, and after the
 * 500 ms debounce (a batch of files settles into one message), files above the user's tier
 * maximum leave the list with a message; when an upgrade would take them the pay dialog opens.
 */
export function PageLimitNotice({ limitKey }: { limitKey: LimitKey }) {
  const { t } = useTranslation();
  const counted = useFileStore((s) => s.files.filter((f) => f.ossInfo?.total_page !== undefined).map((f) => `${f.uid}:${f.ossInfo?.total_page}`).join(','));
  const checked = useRef(new Set<string>());
  const [over, setOver] = useState<OverLimit[]>([]);

  useEffect(() => {
    if (counted === '') return;
    const timer = setTimeout(() => {
      const account = currentLimitAccount();
      const found: OverLimit[] = [];
      let guide: PayGuide | undefined;
      for (const file of useFileStore.getState().files) {
        const pages = file.ossInfo?.total_page;
        if (pages === undefined || checked.current.has(file.uid)) continue;
        checked.current.add(file.uid);
        const decision = decidePageCount(pages, limitKey, account);
        if (decision.kind === 'ok') continue;
        if (decision.kind === 'upgrade') guide ??= decision.guide;
        found.push({ uid: file.uid, name: file.name, pages, maximum: decision.maximum });
        removeFile(file.uid);
      }
      if (found.length > 0) setOver(found);
      if (guide) openPayDialog(guide);
    }, timing.pageLimitDebounceMs);
    return () => clearTimeout(timer);
  }, [counted, limitKey]);

  if (over.length === 0) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} mb="md" data-testid="page-limit">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <List size="sm" spacing={2}>
          {over.map((file) => (
            <List.Item key={file.uid}>
              <Text span fz="sm">{t('limits.pageLimit', { name: file.name, count: file.pages, maximum: file.maximum })}</Text>
            </List.Item>
          ))}
        </List>
        <CloseButton size="sm" aria-label={t('limits.dismiss')} onClick={() => setOver([])} />
      </Group>
    </Alert>
  );
}
