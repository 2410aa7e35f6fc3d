import {
  ActionIcon, Alert, Anchor, Badge, Box, Center, Chip, Container, Group, Image, Loader, Pagination, Select, SimpleGrid, Stack, Text,
  TextInput, Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { cloudLimits, type TemplateCategory } from '@pagewright/contracts';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { galleryQueryOf, gallerySearchOf, pageCount, topCategoryOf, type GalleryQuery } from './galleryQuery';
import { TemplateCard } from './TemplateCard';
import { getTemplateIndex, listTemplates } from './templatesApi';
import { templatesQueryClient } from './templatesQueryClient';

/** /template, the template gallery of SPEC §2: categories with banners, search, sort, a pager of 10. */
export default function TemplateGalleryPage() {
  return (
    <QueryClientProvider client={templatesQueryClient}>
      <TemplateGallery />
    </QueryClientProvider>
  );
}

function TemplateGallery() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('templates.title'));
  const [params, setParams] = useSearchParams();
  const q = galleryQueryOf(params);
  const [search, setSearch] = useState(q.query);
  useEffect(() => setSearch(q.query), [q.query]);
  const go = (next: Partial<GalleryQuery>) => setParams(gallerySearchOf({ ...q, pageNum: 1, ...next }));

  const index = useQuery({ queryKey: ['templates', 'index', i18n.language], queryFn: ({ signal }) => getTemplateIndex(signal) });
  const list = useQuery({
    queryKey: ['templates', 'list', i18n.language, q],
    queryFn: ({ signal }) => listTemplates({ ...q, pageSize: cloudLimits.templatePageSize }, signal),
    placeholderData: (previous) => previous,
  });

  const categories = index.data?.categories ?? [];
  const top = topCategoryOf(categories, q.cat);
  const banners = (index.data?.banner ?? []).filter((b) => !top || topCategoryOf(categories, b.cat_id)?.cat_id === top.cat_id);
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    go({ query: search.trim() });
  };

  return (
    <Container size="xl" py={{ base: 24, sm: 40 }} data-testid="template-gallery">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
          <div>
            <Title order={1} fz={{ base: 26, sm: 34 }}>{t('templates.title')}</Title>
            <Text c="dimmed">{t('templates.subtitle')}</Text>
          </div>
          <Group gap="sm" wrap="wrap">
            <form onSubmit={onSearch} role="search">
              <TextInput
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                placeholder={t('templates.searchPlaceholder')}
                aria-label={t('templates.search')}
                rightSection={(
                  <ActionIcon type="submit" variant="subtle" radius="xl" aria-label={t('templates.search')} data-testid="template-search-submit">
                    <IconSearch size={16} />
                  </ActionIcon>
                )}
                radius="xl"
                w={{ base: '100%', xs: 280 }}
                data-testid="template-search"
              />
            </form>
            <Select
              value={q.sort}
              onChange={(v) => go({ sort: v === 'hot' ? 'hot' : 'new' })}
              data={[{ value: 'new', label: t('templates.sortNew') }, { value: 'hot', label: t('templates.sortHot') }]}
              aria-label={t('templates.sort')}
              allowDeselect={false}
              radius="xl"
              w={150}
              data-testid="template-sort"
            />
          </Group>
        </Group>

        {banners.length > 0 && !q.query && (
          <SimpleGrid cols={{ base: 1, sm: Math.min(2, banners.length) }} spacing="md">
            {banners.map((b) => <Banner key={b.cat_id} category={b} onOpen={() => go({ cat: b.cat_id })} />)}
          </SimpleGrid>
        )}

        <CategoryBar categories={categories} selected={q.cat} onSelect={(cat) => go({ cat })} />

        {list.isPending ? (
          <Center py={80}><Loader /></Center>
        ) : list.isError ? (
          <Alert color="red.8" variant="light">{t('templates.loadFailed')}</Alert>
        ) : list.data.list.length === 0 ? (
          <Text c="dimmed" ta="center" py={60} data-testid="templates-empty">
            {q.query ? t('templates.noResults', { query: q.query }) : t('templates.none')}
          </Text>
        ) : (
          <>
            <Text fz="sm" c="dimmed" data-testid="template-total">{t('templates.found', { count: list.data.pager.total })}</Text>
            <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing="md" data-testid="template-list">
              {list.data.list.map((item) => <TemplateCard key={item.id} template={item} />)}
            </SimpleGrid>
            <Center>
              <Pagination
                total={pageCount(list.data.pager.total, list.data.pager.pageSize)}
                value={list.data.pager.pageNum}
                onChange={(pageNum) => setParams(gallerySearchOf({ ...q, pageNum }))}
                getControlProps={(control) => ({ 'aria-label': t(`templates.pager.${control}`) })}
                getItemProps={(page) => ({ 'aria-label': t('templates.pager.page', { page }) })}
                data-testid="template-pager"
              />
            </Center>
          </>
        )}
      </Stack>
    </Container>
  );
}

function CategoryBar({ categories, selected, onSelect }: { categories: TemplateCategory[]; selected: number; onSelect: (cat: number) => void }) {
  const { t } = useTranslation();
  const top = topCategoryOf(categories, selected);
  const chip = (c: TemplateCategory) => (
    <Chip key={c.cat_id} value={String(c.cat_id)} radius="xl" wrapperProps={{ 'data-testid': 'template-category' }}>
      <Group gap={6} wrap="nowrap">
        <span>{c.cat_name}</span>
        <Text span fz="xs" c="dimmed">{c.template_num}</Text>
        {c.is_hot === 1 && <Badge size="xs" color="red.8">{t('templates.hot')}</Badge>}
        {c.is_new === 1 && <Badge size="xs" color="teal.9">{t('templates.new')}</Badge>}
      </Group>
    </Chip>
  );
  return (
    <Stack gap="xs">
      <Chip.Group multiple={false} value={String(top?.cat_id ?? 0)} onChange={(v) => onSelect(Number(v))}>
        <Group gap="xs" role="group" aria-label={t('templates.categories')}>
          <Chip value="0" radius="xl">{t('templates.allCategories')}</Chip>
          {categories.map(chip)}
        </Group>
      </Chip.Group>
      {top && top.children.length > 0 && (
        <Chip.Group multiple={false} value={String(selected)} onChange={(v) => onSelect(Number(v))}>
          <Group gap="xs" pl="md" role="group" aria-label={t('templates.subcategories', { name: top.cat_name })}>
            <Chip value={String(top.cat_id)} radius="xl" size="xs">{t('templates.allOf', { name: top.cat_name })}</Chip>
            {top.children.map((c) => (
              <Chip key={c.cat_id} value={String(c.cat_id)} radius="xl" size="xs">{c.cat_name} ({c.template_num})</Chip>
            ))}
          </Group>
        </Chip.Group>
      )}
    </Stack>
  );
}

/** A category's banner: links out when it has banner_url, else opens the category. */
function Banner({ category, onOpen }: { category: TemplateCategory; onOpen: () => void }) {
  const image = <Image src={category.banner_img} alt={category.cat_name} radius="md" h={140} fit="cover" />;
  if (category.banner_url) {
    return <Anchor href={category.banner_url} target="_blank" rel="noopener noreferrer" data-testid="template-banner">{image}</Anchor>;
  }
  return (
    <Box component="button" type="button" onClick={onOpen} p={0} bd="none" bg="none" style={{ cursor: 'pointer' }} data-testid="template-banner">
      {image}
    </Box>
  );
}
