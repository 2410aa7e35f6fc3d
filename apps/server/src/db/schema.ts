/** Tables of the embedded and the scale-out database alike. Times are epoch milliseconds. */
import type { PricingGroup } from '@pagewright/contracts';
import type { Generated } from 'kysely';

export type FileStatus = 'pending' | 'uploaded';
export type TaskStatus = 'queued' | 'running' | 'finished' | 'failed';

export interface FilesTable {
  file_id: string;
  filename: string;
  file_size: number;
  md5_code: string;
  status: FileStatus;
  storage_key: string;
  expired_type: number;
  expires_at: number;
  total_page: number | null;
  page_w: number | null;
  page_h: number | null;
  created_at: number;
  /** Who uploaded it: `u:<user_id>` or `c:<clientId>` (null only in rows older than owners). */
  owner: string;
  /** 1 when a signed-in user uploaded it with auto_oss_upload: it joins the cloud once uploaded. */
  auto_cloud: Generated<number>;
}

export interface TasksTable {
  task_id: string;
  multi_id: string;
  kind: string;
  status: TaskStatus;
  /** 0, or the catalogue code the task failed with. */
  code: string;
  progress: number;
  params: string;
  output_file_name: string;
  output_key: string | null;
  /** JSON of what the tool reported about its result. */
  detail: string | null;
  attempts: Generated<number>;
  created_at: number;
  updated_at: number;
  expires_at: number;
  /** Who started it: `u:<user_id>` or `c:<clientId>`. */
  owner: string;
}

/** Signature images a client keeps for sign-pdf (SPEC §7 file/sign). */
export interface SignaturesTable {
  /** The browser that saved it; `owner` is whose it is. */
  client_id: string;
  file_id: string;
  width: number;
  height: number;
  created_at: number;
  owner: string;
}

/** A message of SPEC §3 for one user (`recipient` is the owner `u:<user_id>`) or, with null, for everyone. */
export interface MessagesTable {
  msg_id: string;
  recipient: string | null;
  template_type: number;
  title: string;
  remark: string;
  icon_url: string;
  site_img: string;
  site_url: string;
  created_at: number;
}

/** Who has read which message: one row per reader (an identity owner) and message. */
export interface MessageReadsTable {
  msg_id: string;
  owner: string;
  read_at: number;
}

/** Message-bar entries of the operation/detail call (SPEC §3); display times in seconds. */
export interface OperationResourcesTable {
  resource_id: string;
  key: string;
  title: string;
  jump_url: string;
  display_start_time: number;
  display_end_time: number;
  created_at: number;
}

/** Template gallery categories (SPEC §3 Category); `banner_key` is the banner image's object key. */
export interface TemplateCategoriesTable {
  cat_id: Generated<number>;
  cat_name: string;
  parent_id: number;
  banner_key: string | null;
  banner_url: string;
  banner_show: number;
  is_hot: number;
  is_new: number;
  created_at: number;
}

/** Template PDFs in object storage, each with a thumbnail of its first page. */
export interface TemplatesTable {
  id: Generated<number>;
  cat_id: number;
  title: string;
  lang: string;
  storage_key: string;
  thumbnail_key: string;
  thumbnail_w: number;
  thumbnail_h: number;
  file_size: number;
  total_page: number;
  download_num: Generated<number>;
  created_at: number;
}

export interface Database {
  files: FilesTable;
  tasks: TasksTable;
  signatures: SignaturesTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  login_failures: LoginFailuresTable;
  sign_ups: SignUpsTable;
  mail_outbox: MailOutboxTable;
  task_starts: TaskStartsTable;
  messages: MessagesTable;
  message_reads: MessageReadsTable;
  operation_resources: OperationResourcesTable;
  template_categories: TemplateCategoriesTable;
  templates: TemplatesTable;
  subscriptions: SubscriptionsTable;
  daily_uses: DailyUsesTable;
  equity_uses: EquityUsesTable;
  purchase_logs: PurchaseLogsTable;
  cloud_folders: CloudFoldersTable;
  cloud_documents: CloudDocumentsTable;
  cloud_terms: CloudTermsTable;
  cloud_capacity: CloudCapacityTable;
  shares: SharesTable;
  ai_documents: AiDocumentsTable;
  ai_conversations: AiConversationsTable;
  ai_records: AiRecordsTable;
  ai_notes: AiNotesTable;
  ai_usage: AiUsageTable;
  ai_detector_usage: AiDetectorUsageTable;
}

/** A folder of an account's cloud; parent_id '' is the root. */
export interface CloudFoldersTable {
  folder_id: string;
  owner: string;
  parent_id: string;
  name: string;
  /** The name folded (NFC, lower case) for the uniqueness rule. */
  name_key: string;
  created_at: number;
  updated_at: number;
}

/** A document kept in the cloud: the `files` row of the same file_id holds its bytes. */
export interface CloudDocumentsTable {
  file_id: string;
  owner: string;
  folder_id: string;
  name: string;
  name_key: string;
  size: number;
  starred: number;
  total_page: number | null;
  created_at: number;
  updated_at: number;
  /** The recent view: when it was last saved or opened; null once removed from recent. */
  opened_at: number | null;
  source_task_id: string | null;
}

/** One word of a document's text layer (search by content). */
export interface CloudTermsTable {
  owner: string;
  term: string;
  file_id: string;
}

/** Capacity in bytes; `received` is 1 once the free expansion was taken. */
export interface CloudCapacityTable {
  owner: string;
  used: number;
  total: number;
  received: number;
}

/** A share of a file (SPEC §3): the code is the unguessable part of its link. */
export interface SharesTable {
  share_code: string;
  owner: string;
  file_id: string;
  share_type: number;
  target_email: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** A document bound to the AI service (SPEC §4 AI status) with its analysis. */
export interface AiDocumentsTable {
  file_id: string;
  owner: string;
  file_name: string;
  state: 'analyses' | 'success' | 'failed';
  /** The catalogue code of a failed analysis. */
  error_code: string | null;
  total_page: number;
  /** Pages the analysis may read: the chat trial's 20, at most 200. */
  max_pages: number;
  analysed_pages: number;
  /** 1 when the text came from OCR. */
  ocr: number;
  /** Tesseract languages for a scan, comma-separated. */
  ocr_languages: string;
  /** JSON of the analysis (summary, keywords, outline, questions). */
  analysis: string | null;
  /** The object holding the document's search index (JSON). */
  index_key: string | null;
  created_at: number;
  updated_at: number;
}

/** A chat about one document. */
export interface AiConversationsTable {
  conversation_id: string;
  owner: string;
  file_id: string;
  file_name: string;
  title: string;
  top: number;
  lang: string;
  /** The read-only link's code, once shared. */
  share_code: string | null;
  created_at: number;
  updated_at: number;
}

/** A question and its answer: in a conversation (chat), or alone (an AI-read action). */
export interface AiRecordsTable {
  record_id: string;
  owner: string;
  conversation_id: string | null;
  file_id: string;
  /** chat, ask, explain, rewrite or summarize. */
  action: string;
  question: string;
  answer: string;
  /** JSON of the answer's citations. */
  citations: string;
  provider: string;
  upvote: number;
  regenerations: number;
  lang: string;
  cancelled: number;
  tokens: number;
  created_at: number;
  updated_at: number;
}

export interface AiNotesTable {
  note_id: string;
  owner: string;
  conversation_id: string;
  record_id: string | null;
  content: string;
  page: number | null;
  created_at: number;
}

/** AI tokens and questions used per owner and UTC month (SPEC §9). */
export interface AiUsageTable {
  owner: string;
  /** YYYY-MM. */
  period: string;
  tokens_used: number;
  questions_used: number;
}

/** An account (SPEC §3 user info). `email` is stored lower-cased; billing keeps `pay` and `ai`. */
export interface UsersTable {
  user_id: string;
  ws_id: string;
  email: string;
  /** argon2id, in its PHC string form. */
  password_hash: string;
  first_name: string;
  last_name: string;
  avatar: string;
  career: string | null;
  pay: number;
  ai: number;
  pricing_group: PricingGroup;
  /** Set when an administrator disables the account: its sessions answer 3011. */
  disabled_at: number | null;
  created_at: number;
}

/** A signed-in session; `session_id` is the SHA-256 of the token, never the token itself. */
export interface SessionsTable {
  session_id: string;
  user_id: string;
  created_at: number;
  /** Slides forward on use. */
  expires_at: number;
  last_seen_at: number;
  /** Set when the session was ended from elsewhere (a password reset): answered with 3011. */
  revoked_at: number | null;
}

export interface PasswordResetsTable {
  /** SHA-256 of the token mailed to the user. */
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  used: number;
}

/** One failed sign-in; counted per email and per client over a window to throttle guessing. */
export interface LoginFailuresTable {
  email: string;
  failed_at: number;
  /** The client that failed: its address as the server sees it, and its client id cookie ('' in rows from before 0003). */
  client_ip: string;
  client_id: string;
}

/** An account creation attempt, for the per-client hourly limit. */
export interface SignUpsTable {
  sign_up_id: string;
  client_ip: string;
  client_id: string;
  created_at: number;
}

/** Mail the outbox adapter keeps instead of sending (no SMTP_URL). */
export interface MailOutboxTable {
  mail_id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: number;
}

/** Every task started, kept after the task itself is swept: the usage of the account centre. */
export interface TaskStartsTable {
  task_id: string;
  owner: string;
  kind: string;
  created_at: number;
}

/**
 * A plan a user holds or is buying (billing). Active rows whose period has not ended set
 * users.pay and users.ai; `provider_ref` is the checkout or the provider's subscription id.
 */
export interface SubscriptionsTable {
  subscription_id: string;
  user_id: string;
  plan: string;
  status: 'pending' | 'active' | 'canceled' | 'expired';
  /** local (the demo checkout), stripe, or admin (granted by the administrator command). */
  provider: 'local' | 'stripe' | 'admin';
  provider_ref: string | null;
  cycle: string;
  /** What the checkout charged first (the trial price for a trial), in the currency's major unit. */
  amount: number;
  currency: string;
  /** 1 for the once-per-user 7-day trial. */
  trial: number;
  started_at: number | null;
  /** null: no end (an administrator grant without --days). */
  expires_at: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * One counted use of a day's allowance (billing): a task batch (use_key = its multi_id) or a
 * consuming pdf-equity call. `tasks` counts the tasks of a batch (one file each), for the batch cap.
 */
export interface DailyUsesTable {
  owner: string;
  use_key: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  tasks: number;
  created_at: number;
}

/** Consumed equity per owner, kind (ai) and period (UTC month YYYY-MM). */
export interface EquityUsesTable {
  owner: string;
  kind: string;
  period: string;
  used: number;
}

/** The purchase tracking payload of SPEC §3, ids only. */
export interface PurchaseLogsTable {
  log_id: Generated<number>;
  owner: string;
  tid: string;
  uid: string;
  pid: number;
  pver: string;
  device_id: string;
  qt_abtest: string;
  created_at: number;
}

/** The AI-text detector's characters used per owner and UTC month (SPEC §9). */
export interface AiDetectorUsageTable {
  owner: string;
  /** YYYY-MM. */
  period: string;
  characters_used: number;
}
