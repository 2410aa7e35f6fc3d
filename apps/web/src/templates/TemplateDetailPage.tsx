import { Alert, Anchor, Badge, Breadcrumbs, Button, Card, Center, Container, Grid, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLocalizedPath } from '../app/paths';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { formatFileSize, formatNumber } from '../i18n/format';
import { showErrorToast } from '../toasts/errorToast';
import { gallerySearchOf } from './galleryQuery';
import { countDownload, getTemplate, templateFileUrl } from './templatesApi';
import { templatesQueryClient } from './templatesQueryClient';

/** /template/{cat}/{title}/{id}/{catId}: one template's first page, facts and download (SPEC §2). */
export default function TemplateDetailPage() {
  return (
    <QueryClientProvider client={templatesQueryClient}>
      <TemplateDetail />
    </QueryClientProvider>
  );
}

/** Starts the browser's download of a URL the server answers as an attachment. */
function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

function TemplateDetail() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const client = useQueryClient();
  const detail = useQuery({ queryKey: ['templates', 'detail', id], queryFn: ({ signal }) => getTemplate(id, signal), enabled: valid });
  useDocumentTitle(detail.data?.title ?? t('templates.title'));
  const download = useMutation({
    // The count is the spec's add-num; a failed count must not cost the visitor the file.
    mutationFn: async () => {
      const count = await countDownload(id).catch((err: unknown) => {
        showErrorToast(err);
        return null;
      });
      startDownload(templateFileUrl(id));
      return count;
    },
    onSuccess: (count) => {
      if (count !== null) client.setQueryData(['templates', 'detail', id], { ...detail.data!, download_num: count });
      void client.invalidateQueries({ queryKey: ['templates', 'list'] });
    },
  });

  const gallery = localized('/template');
  if (!valid || detail.isError) {
    return (
      <Container size="sm" py={64}>
        <Alert color="red.8" variant="light" title={t('templates.notFound')}>
          <Anchor component={Link} to={gallery}>{t('templates.backToGallery')}</Anchor>
        </Alert>
      </Container>
    );
  }
  if (detail.isPending) return <Center py={80}><Loader /></Center>;
  const item = detail.data;
  return (
    <Container size="lg" py={{ base: 24, sm: 40 }} data-testid="template-detail">
      <Breadcrumbs mb="lg">
        <Anchor component={Link} to={gallery}>{t('templates.title')}</Anchor>
        <Anchor component={Link} to={`${gallery}?${gallerySearchOf({ cat: item.cat_id, sort: 'new', query: '', pageNum: 1 }).toString()}`}>
          {item.cat_name}
        </Anchor>
        <Text span>{item.title}</Text>
      </Breadcrumbs>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Card withBorder radius="md" padding={0} bg="gray.1">
            <Image
              src={item.thumbnail_url}
              alt={t('templates.preview', { title: item.title })}
              width={item.thumbnail_w}
              height={item.thumbnail_h}
              h="auto"
              style={{ aspectRatio: `${item.thumbnail_w} / ${item.thumbnail_h}` }}
              data-testid="template-thumbnail"
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Stack gap="md">
            <Group gap="xs">
              {item.is_hot === 1 && <Badge color="red.8">{t('templates.hot')}</Badge>}
              {item.is_new === 1 && <Badge color="teal.9">{t('templates.new')}</Badge>}
            </Group>
            <Title order={1} fz={{ base: 26, sm: 32 }} data-testid="template-title">{item.title}</Title>
            <Text c="dimmed">
              {t('templates.pages', { count: item.total_page })} · {formatFileSize(item.file_size)}
            </Text>
            <Text c="dimmed" data-testid="template-downloads">{t('templates.downloads', { count: item.download_num, formatted: formatNumber(item.download_num) })}</Text>
            <Group>
              <Button
                size="md"
                radius="xl"
                leftSection={<IconDownload size={18} />}
                onClick={() => download.mutate()}
                loading={download.isPending}
                data-testid="template-download"
              >
                {t('templates.download')}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
