import { stat } from 'node:fs/promises';
import { documentInfo, renderPage } from '@pagewright/engine';
import { createStorage } from '../../adapters/index.js';
import { AdminError, stringOption, type AdminCommand } from '../../cli/adminCommand.js';
import { TemplateImporter } from './importer.js';
import { TemplatesRepo } from './repo.js';

const importTemplates: AdminCommand = {
  name: 'import-templates',
  summary: 'Imports every PDF of a folder as templates of a category, with thumbnails of their first pages.',
  options: {
    dir: { type: 'string', required: true, description: 'the folder of PDFs (not searched recursively)' },
    category: { type: 'string', required: true, description: 'the category, made when absent' },
    parent: { type: 'string', description: 'the top category the category belongs to, made when absent' },
    lang: { type: 'string', description: 'the language of the templates (en, de, es, fr, ja, pt-br, zh-cn); en, shown to all, by default' },
    hot: { type: 'boolean', description: 'marks the category hot' },
    new: { type: 'boolean', description: 'marks the category new' },
    banner: { type: 'string', description: 'an image (png, jpg, webp) shown as the category banner' },
    'banner-url': { type: 'string', description: 'where the banner links to' },
  },
  async run(values, ctx) {
    const dir = stringOption(values, 'dir')!;
    if (!(await stat(dir).catch(() => undefined))?.isDirectory()) throw new AdminError(`${dir} is not a folder`);
    const importer = new TemplateImporter(new TemplatesRepo(ctx.db), createStorage(ctx.config.storage), {
      info: (file) => documentInfo(file),
      renderPage: (file, page, dpi) => renderPage(file, page, dpi),
    });
    const bannerUrl = stringOption(values, 'banner-url');
    const parent = stringOption(values, 'parent');
    const lang = stringOption(values, 'lang');
    const banner = stringOption(values, 'banner');
    let report;
    try {
      report = await importer.importFolder({
        dir,
        category: stringOption(values, 'category')!,
        ...(parent ? { parent } : {}),
        ...(lang ? { lang } : {}),
        ...(banner ? { banner } : {}),
        ...(bannerUrl !== undefined ? { bannerUrl } : {}),
        hot: values.hot === true,
        new: values.new === true,
      });
    } catch (err) {
      throw new AdminError((err as Error).message);
    }
    for (const t of report.imported) ctx.print(`${t.replaced ? 'replaced' : 'imported'} ${t.file} as template ${t.id} "${t.title}"`);
    for (const s of report.skipped) ctx.print(`skipped ${s.file}: ${s.reason}`);
    ctx.print(`category ${report.cat_id}: ${report.imported.length} imported, ${report.skipped.length} skipped`);
    if (report.imported.length === 0 && report.skipped.length > 0) throw new AdminError('no PDF could be imported');
  },
};

export const templatesAdminCommands: AdminCommand[] = [importTemplates];
