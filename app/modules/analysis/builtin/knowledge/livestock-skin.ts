import type { Advice } from "./types";

// Skin signs on goats, sheep and cattle a photo's colours can show: crusts
// (mange, dermatophilosis), red inflamed patches, and dark purple tissue.

export const SKIN_CRUSTS: Advice = {
  diagnosis: {
    en: "Dark crusts or scabs show on the skin. In goats, sheep and cattle, crusts with hair loss and itching suggest mange (mites); thick scabs with matted hair after rain suggest dermatophilosis (streptothricosis), common in Nigeria; round hairless patches suggest ringworm.",
    fr: "Des croûtes sombres apparaissent sur la peau. Chez la chèvre, le mouton et les bovins, des croûtes avec perte de poils et démangeaisons évoquent la gale (acariens) ; des croûtes épaisses avec poils collés après la pluie évoquent la dermatophilose (streptothricose), fréquente au Nigeria ; des plaques rondes sans poils évoquent la teigne.",
    ha: "Ɓawo mai duhu ya bayyana a fata. A akuya, tunkiya da shanu, ɓawo tare da zubar gashi da ƙaiƙayi yana nuna ƙazuwa (mange, daga ƙananan ƙwari); ɓawo mai kauri tare da gashi da ya manne bayan ruwan sama yana nuna dermatophilosis (streptothricosis), wadda ta zama ruwan dare a Najeriya; tabo masu zagaye marasa gashi suna nuna ringworm.",
    ig: "Ọnya kpọrọ nkụ (crusts) gbara ọchịchịrị pụtara n'akpụkpọ ahụ. N'ewu, atụrụ na ehi, ọnya kpọrọ nkụ, ajị na-apụ na ahụ ọkọ na-egosi mange (site n'ahụhụ nta); ọnya kpọrọ nkụ siri ike na ajị rapaara ọnụ mgbe mmiri zosịrị na-egosi dermatophilosis (streptothricosis), nke a na-ahụkarị na Naịjirịa; ntụpọ gbagọrọ agbagọ na-enweghị ajị na-egosi ringworm.",
    yo: "Èépá dúdú ti yọ lára awọ ara. Lára ewúrẹ́, àgùntàn àti màlúù, èépá pẹ̀lú irun tí ń re àti yíyún ń tọ́ka sí kùrùpá (mange, látàrí kòkòrò kékeré); èépá líle pẹ̀lú irun tí ó lẹ̀ mọ́ra lẹ́yìn òjò ń tọ́ka sí dermatophilosis (streptothricosis), tí ó wọ́pọ̀ ní Nàìjíríà; àbààwọ́n roboto tí kò ní irun ń tọ́ka sí làpálàpá (ringworm).",
  },
  treatment: {
    en: "Separate the animal, keep it dry, and have a vet scrape the skin to tell mites from bacteria: mange needs an approved acaricide or injection, dermatophilosis an antibiotic from the vet. Wear gloves when handling it: ringworm and some mange can pass to people.",
    fr: "Isolez l'animal, gardez-le au sec et faites faire un raclage cutané par un vétérinaire pour distinguer acariens et bactéries : la gale demande un acaricide ou une injection homologués, la dermatophilose un antibiotique prescrit par le vétérinaire. Portez des gants : la teigne et certaines gales passent à l'homme.",
    ha: "Ka ware dabbar, ka bar ta a wuri mai bushewa, kuma ka sa likitan dabbobi ya kankare fatar don ya bambance ƙwari da ƙwayoyin bacteria: ƙazuwa tana buƙatar maganin ƙwari da aka amince da shi ko allura, dermatophilosis kuma maganin ƙwayoyin cuta daga likita. Ka sa safar hannu idan za ka taɓa ta: ringworm da wasu nau'in ƙazuwa suna iya kama mutane.",
    ig: "Kewapụ anụmanụ ahụ, mee ka ọ nọrọ n'ebe kpọrọ nkụ, ma mee ka dọkịta anụmanụ kpachaa akpụkpọ ya iji mata ma ọ bụ ahụhụ nta ka ọ bụ bacteria: mange chọrọ ọgwụ ahụhụ a kwadoro ma ọ bụ ọgwụ ntụtụ, dermatophilosis chọrọ ọgwụ nje site n'aka dọkịta. Yiri uwe aka mgbe ị na-emetụ ya: ringworm na ụfọdụ mange nwere ike ibufe mmadụ.",
    yo: "Ya ẹranko náà sọ́tọ̀, jẹ́ kí ó wà ní ibi gbígbẹ, kí o sì jẹ́ kí dókítà ẹranko ha awọ rẹ̀ láti mọ̀ bóyá kòkòrò kékeré ni tàbí bakitéríà: kùrùpá nílò oògùn kòkòrò tí a fọwọ́ sí tàbí abẹ́rẹ́, dermatophilosis nílò oògùn apakòkòrò láti ọwọ́ dókítà. Wọ ìbọ̀wọ́ tí o bá ń fọwọ́ kàn án: làpálàpá àti àwọn kùrùpá kan lè ràn ènìyàn.",
  },
  recommendations: [
    {
      en: "Wear gloves when touching crusted skin, and wash your hands afterwards.",
      fr: "Portez des gants pour toucher la peau croûteuse et lavez-vous les mains ensuite.",
      ha: "Ka sa safar hannu idan za ka taɓa fata mai ɓawo, kuma ka wanke hannunka bayan haka.",
      ig: "Yiri uwe aka mgbe ị na-emetụ akpụkpọ nwere ọnya kpọrọ nkụ, ma saa aka gị emesịa.",
      yo: "Wọ ìbọ̀wọ́ tí o bá ń fọwọ́ kan awọ tí ó ní èépá, kí o sì fọ ọwọ́ rẹ lẹ́yìn náà.",
    },
    {
      en: "Keep the animals out of the rain and off wet bedding.",
      fr: "Gardez les animaux à l'abri de la pluie et hors de la litière mouillée.",
      ha: "Ka kare dabbobin daga ruwan sama da shimfiɗa mai jiƙa.",
      ig: "Chebe anụmanụ ndị ahụ pụọ na mmiri ozuzo na ihe ndina dị mmiri.",
      yo: "Dáàbò bo àwọn ẹranko lọ́wọ́ òjò àti ibùsùn tí ó tutù.",
    },
    {
      en: "Control ticks: their bites open the skin to dermatophilosis.",
      fr: "Luttez contre les tiques : leurs piqûres ouvrent la peau à la dermatophilose.",
      ha: "Ka yaƙi kaska: cizonsu yana buɗe fata ga dermatophilosis.",
      ig: "Chịkwaa akọrọ (ticks): ata ha na-emeghe akpụkpọ maka dermatophilosis.",
      yo: "Dènà ẹ̀gbọn: jíjẹ wọn ń ṣí awọ sílẹ̀ fún dermatophilosis.",
    },
    {
      en: "If mange is confirmed, treat every animal that shares the pen.",
      fr: "Si la gale est confirmée, traitez tous les animaux qui partagent l'enclos.",
      ha: "Idan an tabbatar da ƙazuwa, ka yi wa duk dabbobin da ke zama tare magani.",
      ig: "Ọ bụrụ na e kwenyere na ọ bụ mange, gwọọ anụmanụ niile ha na ha bi.",
      yo: "Tí a bá fìdí kùrùpá múlẹ̀, tọ́jú gbogbo ẹranko tí ó ń gbé ọgbà kan náà.",
    },
  ],
};

export const INFLAMED_SKIN: Advice = {
  diagnosis: {
    en: "Red patches show on light skin, which can be inflammation: a wound or abscess, a skin infection, tick bites, sunburn, or mastitis if it is on the udder. Feel for heat, swelling, pain or pus.",
    fr: "Des plaques rouges apparaissent sur une peau claire, ce qui peut être une inflammation : plaie ou abcès, infection de la peau, piqûres de tiques, coup de soleil, ou mammite si c'est sur la mamelle. Cherchez chaleur, gonflement, douleur ou pus.",
    ha: "Jajayen tabo sun bayyana a fata mai haske, wanda zai iya zama kumburi: rauni ko ƙurji, cutar fata, cizon kaska, ƙunar rana, ko ciwon hantsa (mastitis) idan a kan hantsa ne. Ka taɓa ka ji ko akwai zafi, kumburi, ciwo ko maƙiya.",
    ig: "Ntụpọ ọbara ọbara pụtara n'akpụkpọ na-acha ọcha ọcha, nke nwere ike ịbụ ọzịza: ọnya ma ọ bụ etuto, ọrịa akpụkpọ, ata akọrọ (ticks), ọkụ anwụ, ma ọ bụ mastitis ma ọ bụrụ n'ara. Metụ ya aka mata ma ọ dị ọkụ, zara aza, na-egbu mgbu ma ọ bụ nwere mmiri ọnya.",
    yo: "Àbààwọ́n pupa ti yọ lára awọ tí ó mọ́lẹ̀, tí ó lè jẹ́ ìwúlé: ọgbẹ́ tàbí oówo, àrùn awọ, jíjẹ ẹ̀gbọn, oòrùn tí ó jó awọ, tàbí mastitis tí ó bá wà lára ọmú. Fọwọ́ kàn án kí o mọ̀ bóyá ó gbóná, ó wú, ó ń dunni tàbí ó ní ọyún.",
  },
  treatment: {
    en: "Clean the area with clean water and a mild antiseptic, keep flies off, and watch it for two days. If it is hot, swollen, painful or spreading, or the animal has a fever or stops eating, call a vet: it may need an antibiotic.",
    fr: "Nettoyez la zone à l'eau propre et avec un antiseptique doux, éloignez les mouches et surveillez deux jours. Si c'est chaud, gonflé, douloureux ou si cela s'étend, ou si l'animal a de la fièvre ou ne mange plus, appelez un vétérinaire : un antibiotique peut être nécessaire.",
    ha: "Wanke wurin da ruwa mai tsafta da maganin kashe ƙwayoyin cuta mai sauƙi, ka kore ƙudaje, kuma ka lura da shi kwana biyu. Idan yana da zafi, ya kumbura, yana ciwo ko yana yaɗuwa, ko dabbar tana da zazzaɓi ko ta daina ci, kira likitan dabbobi: tana iya buƙatar maganin ƙwayoyin cuta.",
    ig: "Jiri mmiri dị ọcha na ọgwụ nje dị nro hichaa ebe ahụ, chụpụ ijiji, ma lelee ya ụbọchị abụọ. Ọ bụrụ na ọ dị ọkụ, zara aza, na-egbu mgbu ma ọ bụ na-agbasa, ma ọ bụ anụmanụ ahụ nwere ahụ ọkụ ma ọ bụ kwụsịrị iri nri, kpọọ dọkịta anụmanụ: ọ nwere ike ịchọ ọgwụ nje.",
    yo: "Fi omi mímọ́ àti oògùn apakòkòrò tí kò le fọ ibẹ̀, lé eṣinṣin kúrò, kí o sì máa wò ó fún ọjọ́ méjì. Tí ó bá gbóná, tí ó wú, tí ó ń dunni tàbí tí ó ń tàn kálẹ̀, tàbí tí ẹranko náà bá ní ibà tàbí tí kò jẹun mọ́, pe dókítà ẹranko: ó lè nílò oògùn apakòkòrò.",
  },
  recommendations: [
    {
      en: "Feel the spot: heat and pain mean inflammation.",
      fr: "Touchez la zone : chaleur et douleur signifient une inflammation.",
      ha: "Taɓa wurin: zafi da ciwo suna nufin kumburi ne.",
      ig: "Metụ ebe ahụ aka: ọkụ na mgbu pụtara ọzịza.",
      yo: "Fọwọ́ kan ibẹ̀: gbígbóná àti ìrora túmọ̀ sí ìwúlé.",
    },
    {
      en: "If it is on the udder, check the milk for clots or blood and call a vet.",
      fr: "Si c'est sur la mamelle, cherchez des caillots ou du sang dans le lait et appelez un vétérinaire.",
      ha: "Idan a kan hantsa ne, duba nono ko yana da gudaji ko jini, kuma ka kira likitan dabbobi.",
      ig: "Ọ bụrụ n'ara, lelee mmiri ara ma o nwere mkpụkọ ma ọ bụ ọbara, ma kpọọ dọkịta anụmanụ.",
      yo: "Tí ó bá wà lára ọmú, wo wàrà bóyá ó ní ìdìpọ̀ tàbí ẹ̀jẹ̀, kí o sì pe dókítà ẹranko.",
    },
    {
      en: "Keep wounds clean and protected from flies.",
      fr: "Gardez les plaies propres et protégées des mouches.",
      ha: "Ka tsaftace raunuka kuma ka kare su daga ƙudaje.",
      ig: "Mee ka ọnya dị ọcha ma chebe ya pụọ n'ijiji.",
      yo: "Jẹ́ kí ọgbẹ́ mọ́, kí o sì dáàbò bò ó lọ́wọ́ eṣinṣin.",
    },
  ],
};

export const DARK_PATCHES: Advice = {
  diagnosis: {
    en: "Dark purple or dark red areas show. On skin or an udder this can be bruising or dying tissue (for example gangrenous mastitis); on membranes it can mean a lack of oxygen or a serious infection; on a bird's comb it is a sign of serious disease.",
    fr: "Des zones violet sombre ou rouge sombre apparaissent. Sur la peau ou la mamelle, ce peut être un hématome ou un tissu qui meurt (par exemple une mammite gangreneuse) ; sur les muqueuses, un manque d'oxygène ou une infection grave ; sur la crête d'un oiseau, c'est un signe de maladie grave.",
    ha: "Wurare masu shunayya mai duhu ko ja mai duhu sun bayyana. A fata ko hantsa wannan zai iya zama rauni mai duhu ko sashen da ke mutuwa (misali mastitis mai ruɓewa); a fatar ciki zai iya nufin rashin iska ko cuta mai tsanani; a zankon tsuntsu alama ce ta babbar cuta.",
    ig: "Ebe na-acha uhie gbara ọchịchịrị (purple) ma ọ bụ ọbara ọbara gbara ọchịchịrị pụtara. N'akpụkpọ ma ọ bụ n'ara, nke a nwere ike ịbụ mmerụ ahụ ma ọ bụ anụ ahụ na-anwụ (dịka mastitis na-ere ure); n'ime akpụkpọ, ọ nwere ike ịpụta ụkọ ikuku ma ọ bụ ọrịa siri ike; n'okpu isi nnụnụ, ọ bụ ihe ịrịba ama ọrịa siri ike.",
    yo: "Ibi tí ó jẹ́ àlùkò dúdú tàbí pupa dúdú ti hàn. Lára awọ tàbí ọmú, èyí lè jẹ́ ìfarapa tàbí ẹran ara tí ń kú (bí mastitis tí ń jẹrà); lára awọ inú, ó lè túmọ̀ sí àìtó atẹ́gùn tàbí àrùn líle; lórí ògbe ẹyẹ, àmì àrùn líle ni.",
  },
  treatment: {
    en: "Call a vet promptly: dark, cold or purple tissue can mean a life-threatening condition. Keep the animal apart, quiet and in the shade with water until the vet comes.",
    fr: "Appelez rapidement un vétérinaire : un tissu sombre, froid ou violet peut signaler un état qui menace la vie. Gardez l'animal à part, au calme et à l'ombre avec de l'eau en attendant.",
    ha: "Kira likitan dabbobi da gaggawa: sashe mai duhu, sanyi ko shunayya zai iya nufin yanayi mai barazana ga rai. Ka ware dabbar a wuri mai natsuwa da inuwa da ruwa har sai likita ya zo.",
    ig: "Kpọọ dọkịta anụmanụ ngwa ngwa: anụ ahụ gbara ọchịchịrị, dị oyi ma ọ bụ na-acha uhie gbara ọchịchịrị nwere ike ịpụta ọnọdụ na-eyi ndụ egwu. Kewapụ anụmanụ ahụ, mee ka ọ nọrọ jụụ na ndò, nye ya mmiri, ruo mgbe dọkịta bịara.",
    yo: "Pe dókítà ẹranko kíákíá: ẹran ara tí ó dúdú, tí ó tutù tàbí tí ó jẹ́ àlùkò lè túmọ̀ sí ipò tí ó lè gbẹ̀mí. Ya ẹranko náà sọ́tọ̀, jẹ́ kí ó wà ní ìdákẹ́jẹ́ẹ́ ní ibòji pẹ̀lú omi títí dókítà yóò fi dé.",
  },
  recommendations: [
    {
      en: "Feel the area: cold, numb tissue is an emergency.",
      fr: "Touchez la zone : un tissu froid et insensible est une urgence.",
      ha: "Taɓa wurin: sashe mai sanyi wanda ba ya jin komai abu ne na gaggawa.",
      ig: "Metụ ebe ahụ aka: anụ ahụ dị oyi na-anaghị enwe mmetụta bụ ihe mberede.",
      yo: "Fọwọ́ kan ibẹ̀: ẹran ara tí ó tutù tí kò mọ nǹkan lára jẹ́ pàjáwìrì.",
    },
    {
      en: "Check breathing, temperature and appetite.",
      fr: "Vérifiez la respiration, la température et l'appétit.",
      ha: "Duba numfashi, zafin jiki da cin abinci.",
      ig: "Lelee iku ume, okpomọkụ ahụ na agụụ nri.",
      yo: "Wo èémí, ìgbóná ara àti bí ó ṣe ń jẹun.",
    },
    {
      en: "Keep the animal apart from the others until a vet has seen it.",
      fr: "Gardez l'animal à l'écart des autres jusqu'à l'avis du vétérinaire.",
      ha: "Ka ware dabbar daga sauran har sai likitan dabbobi ya gan ta.",
      ig: "Kewapụ anụmanụ ahụ n'ebe ndị ọzọ nọ ruo mgbe dọkịta anụmanụ hụrụ ya.",
      yo: "Ya ẹranko náà sọ́tọ̀ kúrò lọ́dọ̀ àwọn yòókù títí dókítà ẹranko yóò fi rí i.",
    },
  ],
};
