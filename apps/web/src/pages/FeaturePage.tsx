import { Box, ThemeIcon } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../app/useDocumentTitle';
import type en from '../i18n/locales/en.json';
import { appPageIcons } from '../tools/toolIcons';
import { UnavailableNotice } from '../workspace/UnavailableNotice';
import { WorkspaceHeader } from '../workspace/WorkspaceHeader';

/** /app children of SPEC §2 that are not tools (chat, AI read, editor, cloud, ...). */
export type FeatureName = keyof (typeof en)['features'];

export function isFeatureName(name: string): name is FeatureName {
  return Object.hasOwn(featureNames, name);
}

const featureNames: Record<FeatureName, true> = {
  'chat-pdf': true, 'ai-read': true, 'ai-proofread': true, 'ai-translator': true,
  'ai-detector-result': true, 'pdf-editor': true, 'document-cloud': true, 'download-file': true,
  'pdf-converter': true, 'home-test': true, 'automated-test': true,
};

/** A feature page whose screen comes in a later issue: its header and a clear notice. */
export function FeaturePage({ name }: { name: FeatureName }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // The editor opens in annotate mode unless t=edit (SPEC §2).
  const editorMode = name === 'pdf-editor' ? (params.get('t') === 'edit' ? 'edit' : 'annotate') : null;
  const title = editorMode ? t(`nav.items.${editorMode}`) : t(`features.${name}.title`);
  useDocumentTitle(title);
  const Icon = appPageIcons[editorMode ?? name] ?? IconSparkles;
  return (
    <Box maw={1180} mx="auto" px={{ base: 14, sm: 24 }} py={28}>
      <WorkspaceHeader
        icon={<ThemeIcon size={52} radius="md" variant="light" color="violet" aria-hidden="true"><Icon size={30} stroke={1.7} /></ThemeIcon>}
        title={title}
        description={t(`features.${name}.description`)}
      />
      <UnavailableNotice name={title} />
    </Box>
  );
}
