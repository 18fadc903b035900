// The tabs of the settings screen (the YML feed's tab links to its state, /nuxt/yml-feed); the fields, labels and help texts mirror the settings schema.
import {
  BooleanInput,
  DateInput,
  NumberInput,
  SelectInput,
  TabbedForm,
  TextInput,
  type ValidateForm,
} from 'react-admin';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { MoneyInput, PercentInput } from '../../fields';
import { SecretInput } from './SecretInput';

const SMS_PROVIDERS = [
  { id: 'smsru', name: 'SMS.ru' },
  { id: 'smsc', name: 'SMSC.ru' },
  { id: 'smsaero', name: 'SMS Aero' },
];

const wide = { fullWidth: true, multiline: true, minRows: 2 } as const;

export function SettingsForm(props: {
  validate: ValidateForm;
  secrets: { smtpPassword: boolean; smsApiKey: boolean; ymlPassword: boolean };
}) {
  return (
    <TabbedForm validate={props.validate} warnWhenUnsavedChanges>
      <TabbedForm.Tab label="Магазин и контакты">
        <TextInput source="shopName" isRequired />
        <TextInput
          source="supportPhone"
          type="tel"
          helperText="Например 8 (800) 555-35-35; сохраняется как +78005553535"
        />
        <TextInput source="supportEmail" type="email" />
        <TextInput source="workingHours" helperText="Например: Пн–Пт 10:00–19:00 (МСК)" />
        <TextInput source="address" {...wide} />
        <NumberInput source="mapLatitude" />
        <NumberInput source="mapLongitude" />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="Реквизиты">
        <TextInput source="legalName" helperText="Показывается в подвале сайта" />
        <TextInput source="ogrn" helperText="13 цифр ОГРН или 15 цифр ОГРНИП" />
        <TextInput source="inn" />
        <TextInput source="kpp" helperText="Только у организаций" />
        <TextInput source="legalAddress" {...wide} />
        <TextInput source="privacyPolicyUrl" helperText="Ссылка на файл из подвала сайта" />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="Соцсети и маркетплейсы">
        <TextInput source="pinterestUrl" />
        <TextInput source="vkUrl" />
        <TextInput source="telegramUrl" />
        <TextInput source="ozonUrl" />
        <TextInput source="wildberriesUrl" />
        <TextInput source="whatsappUrl" helperText="Например https://wa.me/79991234567" />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="Заказы и бонусы">
        <MoneyInput source="minOrderTotal" />
        <BooleanInput source="bonusEnabled" />
        <PercentInput source="bonusAccrualPercent" helperText="Баллы начисляются после выполнения заказа" />
        <PercentInput source="bonusMaxSpendPercent" />
        <MoneyInput source="bonusPointValue" />
        <NumberInput source="bonusLifetimeDays" helperText="Пусто — баллы не сгорают" />
        <NumberInput source="bonusWelcomePoints" />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="Почта и SMS">
        <TextInput
          source="adminNotificationEmail"
          type="email"
          helperText="Новые заказы, заявки и сообщения"
        />
        <TextInput source="mailFromName" />
        <TextInput source="mailFromEmail" type="email" />
        <TextInput source="smtpHost" helperText="Например smtp.yandex.ru; пусто — письма не отправляются" />
        <NumberInput source="smtpPort" />
        <BooleanInput source="smtpSecure" helperText="Включено для порта 465; для 587 выключите" />
        <TextInput source="smtpUser" />
        <SecretInput source="smtpPassword" label="SMTP-пароль" isSet={props.secrets.smtpPassword} />
        <TextInput source="smsSenderName" helperText="До 11 латинских символов" />
        <SelectInput source="smsProvider" choices={SMS_PROVIDERS} emptyText="Не выбран" />
        <TextInput source="smsLogin" />
        <SecretInput source="smsApiKey" label="Ключ API SMS-провайдера" isSet={props.secrets.smsApiKey} />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="Интеграции и SEO">
        <TextInput
          source="analyticsCounterId"
          helperText="Номер счётчика Яндекс Метрики; пусто — без аналитики"
        />
        <TextInput
          source="mapsApiKey"
          helperText="Ключ виден в коде страниц; пусто — карты не подключаются"
        />
        <TextInput source="seoTitle" />
        <TextInput source="seoDescription" {...wide} />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="Яндекс Маркет">
        <BooleanInput
          source="ymlEnabled"
          helperText="Фид (YML) для Яндекс Маркета и Директа; выключенный — по адресу отвечает 404"
        />
        <TextInput
          source="ymlPath"
          helperText="Например /yml.xml: его вместе с адресом сайта указывают в кабинете Маркета или Директа"
        />
        <TextInput
          source="ymlUser"
          helperText="С логином и паролем фид отдаётся только по HTTP Basic; пусто — всем"
        />
        <SecretInput source="ymlPassword" label="Пароль для фида" isSet={props.secrets.ymlPassword} />
        <Link component={RouterLink} to="/yml-feed">
          Адрес фида, последняя сборка и что в него не вошло
        </Link>
      </TabbedForm.Tab>
      <TabbedForm.Tab label="Обмен с 1С">
        <TextInput
          source="exchange1cPriceType"
          isRequired
          helperText="Наименование или Ид типа цен из 1С (ТипыЦен), чья цена становится ценой варианта на сайте, например «Розничная»"
        />
        <BooleanInput
          source="exchange1cDeactivateAbsent"
          helperText="Полная выгрузка каталога (не «только изменения») снимает с публикации товары из 1С, которых в ней нет; ничего не удаляется"
        />
        <DateInput
          source="exchange1cOrdersFrom"
          helperText="Пусто — все заказы; при подключении 1С к работающему магазину укажите день, с которого 1С ведёт заказы"
        />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="Обслуживание">
        <BooleanInput
          source="maintenanceMode"
          helperText="Сайт показывает покупателям заглушку; администраторы работают как обычно"
        />
        <TextInput source="maintenanceMessage" {...wide} />
      </TabbedForm.Tab>
    </TabbedForm>
  );
}
