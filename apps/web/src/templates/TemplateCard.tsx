import { Badge, Card, Group, Image, Text } from '@mantine/core';
import type { TemplateItem } from '@pagewright/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalizedPath } from '../app/paths';
import { templateDetailPath } from './templatesApi';

/** One template in the gallery: its first page, title, page count and hot/new badges. */
export function TemplateCard({ template }: { template: TemplateItem }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  return (
    <Card
      component={Link}
      to={localized(templateDetailPath(template))}
      withBorder
      radius="md"
      padding="sm"
      data-testid="template-card"
      style={{ textDecoration: 'none' }}
    >
      <Card.Section bg="gray.1" pos="relative">
        <Image
          src={template.thumbnail_url}
          alt=""
          w="100%"
          h="auto"
          width={template.thumbnail_w}
          height={template.thumbnail_h}
          loading="lazy"
          style={{ aspectRatio: `${template.thumbnail_w} / ${template.thumbnail_h}`, objectFit: 'contain' }}
        />
        <Group gap={4} pos="absolute" top={8} left={8}>
          {template.is_hot === 1 && <Badge color="red.8" size="sm">{t('templates.hot')}</Badge>}
          {template.is_new === 1 && <Badge color="teal.9" size="sm">{t('templates.new')}</Badge>}
        </Group>
      </Card.Section>
      <Text fw={600} mt="sm" lineClamp={2} c="dark">{template.title}</Text>
      <Text fz="xs" c="dimmed">{t('templates.pages', { count: template.total_page })}</Text>
    </Card>
  );
}
