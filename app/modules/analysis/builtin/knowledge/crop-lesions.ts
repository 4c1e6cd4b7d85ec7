import type { Advice, Localized } from "./types";

// Crop leaves with dead tissue: spots and blotches (fungal or bacterial), yam
// anthracnose, and scorched edges. Cultural control comes first; a spray is
// named generically, with gloves and the label's dose.

export const LEAF_SPOT: Advice = {
  diagnosis: {
    en: "The leaf has brown or dark spots on living tissue, as fungal or bacterial leaf diseases cause (leaf spot, blight, anthracnose). They spread in warm, wet weather through rain splash and infected crop debris.",
    fr: "La feuille porte des taches brunes ou sombres sur du tissu vivant, comme en causent les maladies fongiques ou bactériennes (taches foliaires, brûlure, anthracnose). Elles se propagent par temps chaud et humide, par les éclaboussures de pluie et les débris de culture infectés.",
    ha: "Ganyen yana da ɗigo ruwan kasa ko baƙi a kan rayayyen sashe, irin wanda cututtukan fungi ko ƙwayoyin bacteria ke kawowa (ɗigon ganye, ƙonewar ganye, anthracnose). Suna yaɗuwa a lokacin zafi da damshi ta hanyar fantsamar ruwan sama da ragowar amfanin gona mai cuta.",
    ig: "Akwụkwọ a nwere ntụpọ aja aja ma ọ bụ oji n'akụkụ ya dị ndụ, dị ka ọrịa fungi ma ọ bụ bacteria na-eme (ntụpọ akwụkwọ, blight, anthracnose). Ha na-agbasa n'oge okpomọkụ na mmiri site na mmiri ozuzo na-agbasa na ihe ubi ochie butere ọrịa.",
    yo: "Ewé náà ní àbààwọ́n aláwọ̀ ilẹ̀ tàbí dúdú lórí apá rẹ̀ tí ó ṣì wà láàyè, irú èyí tí àrùn olú (fungus) tàbí bakitéríà ń fà (àbààwọ́n ewé, blight, anthracnose). Wọ́n ń tàn kálẹ̀ nígbà ooru àti ọ̀rinrin nípasẹ̀ omi òjò tí ń ta sókè àti àṣẹ́kù irúgbìn tí ó ní àrùn.",
  },
  treatment: {
    en: "Start with cultural control: remove and burn or bury spotted leaves and crop debris, space plants so air moves, and avoid wetting the leaves. If spots keep spreading, spray a copper-based fungicide or another approved one, wearing gloves and following the label's dose and waiting time before harvest.",
    fr: "Commencez par la lutte culturale : enlevez et brûlez ou enterrez les feuilles tachées et les débris, espacez les plantes pour aérer et évitez de mouiller le feuillage. Si les taches continuent de s'étendre, pulvérisez un fongicide à base de cuivre ou un autre produit homologué, avec des gants, en respectant la dose et le délai avant récolte de l'étiquette.",
    ha: "Fara da kula da gona: cire ganyayen da ke da ɗigo da ragowar amfanin gona ka ƙone ko ka binne su, ba da tazara tsakanin shuke-shuke don iska ta ratsa, kuma ka guji jiƙa ganyaye. Idan ɗigon ya ci gaba da yaɗuwa, fesa maganin fungi mai sinadarin copper ko wani da aka amince da shi, sanye da safar hannu, bisa ga adadi da lokacin jira kafin girbi da ke jikin kwalbar.",
    ig: "Bido site n'ilekọta ugbo: wepụ akwụkwọ nwere ntụpọ na ihe ubi ochie, kpọọ ha ọkụ ma ọ bụ lie ha, hapụ ohere n'etiti osisi ka ikuku na-efe, ma zere ime ka akwụkwọ mmiri. Ọ bụrụ na ntụpọ ahụ ka na-agbasa, gbaa ọgwụ fungi nwere copper ma ọ bụ nke ọzọ a kwadoro, yiri uwe aka, ma soro ọnụọgụ na oge nchere tupu owuwe ihe ubi e dere n'ahụ karama ya.",
    yo: "Bẹ̀rẹ̀ pẹ̀lú ìtọ́jú oko: já ewé tí ó ní àbààwọ́n àti àṣẹ́kù irúgbìn kúrò, sun wọ́n tàbí bò wọ́n mọ́lẹ̀, fi àyè sílẹ̀ láàárín ewéko kí atẹ́gùn lè kọjá, má sì ṣe jẹ́ kí omi máa bá ewé. Tí àbààwọ́n bá ń tàn kálẹ̀ sí i, fín oògùn olú tí ó ní copper tàbí òmíràn tí a fọwọ́ sí, wọ ìbọ̀wọ́, kí o sì tẹ̀lé ìwọ̀n àti ọjọ́ ìdúró kí ìkórè tí ó wà lára ìgò rẹ̀.",
  },
  recommendations: [
    {
      en: "Pick off and destroy spotted leaves; do not leave them in the field.",
      fr: "Enlevez et détruisez les feuilles tachées ; ne les laissez pas dans le champ.",
      ha: "Tsinke ganyaye masu ɗigo ka lalata su; kada ka bar su a gona.",
      ig: "Gbupụ akwụkwọ nwere ntụpọ ma bibie ha; ahapụla ha n'ugbo.",
      yo: "Já ewé tí ó ní àbààwọ́n kúrò kí o sì pa wọ́n run; má fi wọ́n sílẹ̀ nínú oko.",
    },
    {
      en: "Do not work among the plants while they are wet: it spreads the disease.",
      fr: "Ne travaillez pas dans les plantes quand elles sont mouillées : cela propage la maladie.",
      ha: "Kada ka yi aiki cikin shuke-shuke yayin da suke jike: yana yaɗa cutar.",
      ig: "Arụla ọrụ n'etiti osisi mgbe ha dị mmiri: ọ na-agbasa ọrịa ahụ.",
      yo: "Má ṣe ṣiṣẹ́ láàárín ewéko nígbà tí wọ́n bá tutù: ó ń tan àrùn náà kálẹ̀.",
    },
    {
      en: "Rotate with a different kind of crop next season.",
      fr: "Faites une rotation avec une autre famille de culture la saison prochaine.",
      ha: "Canja da wani irin amfanin gona daban a kakar gaba.",
      ig: "Gbanwee kụọ ụdị ihe ọkụkụ ọzọ n'oge ọzọ.",
      yo: "Yí irúgbìn padà sí oríṣi mìíràn ní ìgbà tó ń bọ̀.",
    },
    {
      en: "If you spray, wear gloves and a mask, keep children away, and follow the label exactly.",
      fr: "Si vous pulvérisez, portez gants et masque, éloignez les enfants et suivez exactement l'étiquette.",
      ha: "Idan za ka fesa, sa safar hannu da takunkumi, ka nisantar da yara, kuma ka bi umarnin kwalbar daidai.",
      ig: "Ọ bụrụ na ị ga-agba ọgwụ, yiri uwe aka na ihe mkpuchi imi, mee ka ụmụaka nọrọ n'ebe dị anya, ma soro ihe e dere n'ahụ karama ya kpọmkwem.",
      yo: "Tí o bá fẹ́ fín oògùn, wọ ìbọ̀wọ́ àti ìbòmú, jẹ́ kí àwọn ọmọdé jìnnà, kí o sì tẹ̀lé àlàyé orí ìgò náà délẹ̀délẹ̀.",
    },
  ],
};

export const YAM_ANTHRACNOSE: Advice = {
  diagnosis: {
    en: "The yam leaf has brown to black lesions, typical of yam anthracnose (a fungus, Colletotrichum), which can grow into leaf blight and dieback of the vine. It spreads by rain splash and infected setts, and is worst in wet weather.",
    fr: "La feuille d'igname porte des lésions brunes à noires, typiques de l'anthracnose de l'igname (un champignon, Colletotrichum), qui peut évoluer en brûlure des feuilles et dessèchement de la liane. Elle se propage par les éclaboussures de pluie et les semenceaux infectés, surtout par temps humide.",
    ha: "Ganyen doyar yana da raunuka ruwan kasa zuwa baƙi, alamar cutar anthracnose ta doya (fungi, Colletotrichum), wadda za ta iya kai wa ga ƙonewar ganye da mutuwar igiyar doya. Tana yaɗuwa ta fantsamar ruwan sama da irin doya mai cuta, kuma ta fi tsanani a lokacin damshi.",
    ig: "Akwụkwọ ji a nwere ọnya aja aja ruo oji, nke bụ ihe ịrịba ama anthracnose nke ji (fungi, Colletotrichum), nke nwere ike ibute ọkụ akwụkwọ na ọnwụ nke ahịhịa ji. Ọ na-agbasa site na mmiri ozuzo na-agbasa na mkpụrụ ji butere ọrịa, ọ na-akakwa njọ n'oge mmiri.",
    yo: "Ewé iṣu náà ní ọgbẹ́ aláwọ̀ ilẹ̀ sí dúdú, àmì àrùn anthracnose iṣu (olú, Colletotrichum), tí ó lè di jíjóná ewé àti kíkú ìtàkùn iṣu. Ó ń tàn kálẹ̀ nípasẹ̀ omi òjò tí ń ta sókè àti irúgbìn iṣu tí ó ní àrùn, ó sì burú jù nígbà òjò.",
  },
  treatment: {
    en: "Remove and burn badly affected vines and leaves, stake the vines so the leaves dry quickly, and plant healthy setts of tolerant varieties next season. If lesions spread fast, spray a copper-based or another approved fungicide, with gloves, following the label.",
    fr: "Enlevez et brûlez les lianes et feuilles très atteintes, tuteurez les lianes pour que les feuilles sèchent vite, et plantez la saison prochaine des semenceaux sains de variétés tolérantes. Si les lésions s'étendent vite, pulvérisez un fongicide à base de cuivre ou un autre produit homologué, avec des gants, selon l'étiquette.",
    ha: "Cire igiya da ganyayen da suka fi kamuwa ka ƙone su, kafa sanduna ga igiyoyin doya don ganyaye su bushe da sauri, kuma a kakar gaba ka shuka irin doya mai lafiya na nau'in da ke jure cutar. Idan raunukan suna yaɗuwa da sauri, fesa maganin fungi mai sinadarin copper ko wani da aka amince da shi, sanye da safar hannu, bisa ga umarnin kwalbar.",
    ig: "Wepụ ahịhịa na akwụkwọ ji kacha bute ọrịa ma kpọọ ha ọkụ, kwado ahịhịa ji n'osisi (stake) ka akwụkwọ ya na-akpọ nkụ ngwa ngwa, ma n'oge ọzọ kụọ mkpụrụ ji dị mma nke ụdị na-eguzogide ọrịa. Ọ bụrụ na ọnya ahụ na-agbasa ngwa ngwa, gbaa ọgwụ fungi nwere copper ma ọ bụ nke ọzọ a kwadoro, yiri uwe aka, soro ihe e dere n'ahụ karama ya.",
    yo: "Já ìtàkùn àti ewé tí àrùn náà pọ̀ lára wọn kúrò kí o sì sun wọ́n, fi igi gbé ìtàkùn iṣu dúró kí ewé lè tètè gbẹ, kí o sì gbin irúgbìn iṣu tí ó ní ìlera láti inú oríṣi tí ó ń koju àrùn ní ìgbà tó ń bọ̀. Tí ọgbẹ́ bá ń tàn kíákíá, fín oògùn olú tí ó ní copper tàbí òmíràn tí a fọwọ́ sí, wọ ìbọ̀wọ́, kí o sì tẹ̀lé àlàyé orí ìgò.",
  },
  recommendations: [
    {
      en: "Stake the vines so air moves and the leaves dry quickly.",
      fr: "Tuteurez les lianes pour aérer et faire sécher vite les feuilles.",
      ha: "Kafa sanduna ga igiyoyin doya don iska ta ratsa ganyaye su bushe da sauri.",
      ig: "Kwado ahịhịa ji n'osisi ka ikuku na-efe ma akwụkwọ na-akpọ nkụ ngwa ngwa.",
      yo: "Fi igi gbé ìtàkùn iṣu dúró kí atẹ́gùn lè kọjá kí ewé sì tètè gbẹ.",
    },
    {
      en: "Plant healthy setts; let cut setts dry or dust them with wood ash before planting.",
      fr: "Plantez des semenceaux sains ; laissez sécher les morceaux coupés ou poudrez-les de cendre de bois avant de planter.",
      ha: "Shuka irin doya mai lafiya; bari yankakken irin doya ya bushe ko ka shafa masa tokar itace kafin shuka.",
      ig: "Kụọ mkpụrụ ji dị mma; hapụ ji e gbubiri ka ọ kpọọ nkụ ma ọ bụ tee ya ntụ nkụ tupu ị kụọ ya.",
      yo: "Gbin irúgbìn iṣu tí ó ní ìlera; jẹ́ kí èbù iṣu tí a gé gbẹ tàbí fi eérú igi pa á kí o tó gbìn ín.",
    },
    {
      en: "Clear and burn crop debris after harvest.",
      fr: "Ramassez et brûlez les débris de culture après la récolte.",
      ha: "Share ragowar amfanin gona ka ƙone shi bayan girbi.",
      ig: "Kpochapụ ihe ubi ochie ma kpọọ ya ọkụ mgbe i wechara ihe ubi.",
      yo: "Kó àṣẹ́kù irúgbìn jọ kí o sì sun ún lẹ́yìn ìkórè.",
    },
    {
      en: "If you spray, wear gloves and follow the label's dose.",
      fr: "Si vous pulvérisez, portez des gants et respectez la dose de l'étiquette.",
      ha: "Idan za ka fesa, sa safar hannu ka bi adadin da ke jikin kwalbar.",
      ig: "Ọ bụrụ na ị ga-agba ọgwụ, yiri uwe aka ma soro ọnụọgụ e dere n'ahụ karama ya.",
      yo: "Tí o bá fẹ́ fín oògùn, wọ ìbọ̀wọ́ kí o sì tẹ̀lé ìwọ̀n tí ó wà lára ìgò.",
    },
  ],
};

export const SCORCH: Advice = {
  diagnosis: {
    en: "Brown, dry tissue runs along the edge of the leaf. This usually means scorch from drought, heat or strong sun; fertiliser heaped near the roots or a lack of potassium can also burn leaf edges. It is not usually an infectious disease.",
    fr: "Un tissu brun et sec borde la feuille. Cela indique en général une brûlure due à la sécheresse, à la chaleur ou au soleil fort ; un engrais trop proche des racines ou un manque de potassium peut aussi brûler les bords. Ce n'est en général pas une maladie contagieuse.",
    ha: "Busasshen sashe ruwan kasa yana bin gefen ganyen. Wannan galibi ƙonewa ce daga fari, zafi ko rana mai ƙarfi; taki da aka tara kusa da saiwa ko rashin sinadarin potassium ma kan ƙona gefen ganye. Galibi ba cuta ce mai yaɗuwa ba.",
    ig: "Akụkụ akwụkwọ ahụ kpọrọ nkụ ma na-acha aja aja. Nke a na-egosikarị ọkụ sitere n'ụkọ mmiri, okpomọkụ ma ọ bụ anwụ siri ike; fatịlaịza a kpokọtara n'akụkụ mgbọrọgwụ ma ọ bụ ụkọ potassium nwekwara ike ịkpọ ọnụ akwụkwọ ọkụ. Ọ naghị abụkarị ọrịa na-efe efe.",
    yo: "Apá etí ewé náà ti gbẹ, ó sì ti di àwọ̀ ilẹ̀. Èyí sábà máa ń jẹ́ jíjóná látàrí ọ̀dá, ooru tàbí oòrùn líle; ajílẹ̀ tí a kó jọ sí ẹ̀gbẹ́ gbòǹgbò tàbí àìtó potassium lè jó etí ewé pẹ̀lú. Kì í sábà jẹ́ àrùn tí ń ranni.",
  },
  treatment: {
    en: "If you can, water at the root in the cool of the morning or evening, and mulch to keep the soil moist. Do not heap fertiliser close to the stem; if old leaves brown at the edges although water is enough, ask about potassium (an NPK richer in K, or wood ash).",
    fr: "Si possible, arrosez au pied le matin ou le soir, au frais, et paillez pour garder le sol humide. N'entassez pas d'engrais près de la tige ; si les vieilles feuilles brunissent au bord alors que l'eau suffit, renseignez-vous sur le potassium (un NPK plus riche en K, ou de la cendre de bois).",
    ha: "Idan za ka iya, ka shayar a gindin shuka da safe ko da yamma lokacin sanyi, kuma ka rufe ƙasa da ciyawa don ta riƙe danshi. Kada ka tara taki kusa da kara; idan tsofaffin ganyaye suna yin ruwan kasa a gefe duk da akwai isasshen ruwa, tambaya game da potassium (NPK mai yawan K, ko tokar itace).",
    ig: "Ọ bụrụ na ị nwere ike, gbanye mmiri n'ukwu osisi n'ụtụtụ ma ọ bụ n'anyasị mgbe oyi dị, ma kpuchie ala ahịhịa kpọrọ nkụ ka ọ na-ejide mmiri. Akpokọtala fatịlaịza n'akụkụ osisi; ọ bụrụ na akwụkwọ ochie na-acha aja aja n'ọnụ ya ọ bụ ezie na mmiri zuru ezu, jụọ maka potassium (NPK nwere K karịa, ma ọ bụ ntụ nkụ).",
    yo: "Tí o bá lè ṣe é, bu omi sí ìdí ewéko ní àárọ̀ tàbí ní ìrọ̀lẹ́ nígbà tí ilẹ̀ bá tutù, kí o sì fi koríko gbígbẹ bo ilẹ̀ kí ó lè di omi mú. Má ṣe kó ajílẹ̀ jọ sí ẹ̀gbẹ́ igi ewéko; tí ewé àtijọ́ bá ń di àwọ̀ ilẹ̀ ní etí bí omi tilẹ̀ tó, béèrè nípa potassium (NPK tí K rẹ̀ pọ̀, tàbí eérú igi).",
  },
  recommendations: [
    {
      en: "Mulch with dry grass or crop residue to keep moisture in the soil.",
      fr: "Paillez avec de l'herbe sèche ou des résidus de culture pour garder l'humidité du sol.",
      ha: "Rufe ƙasa da busasshiyar ciyawa ko ragowar amfanin gona don ta riƙe danshi.",
      ig: "Kpuchie ala ahịhịa kpọrọ nkụ ma ọ bụ ihe ubi fọdụrụ ka ala na-ejide mmiri.",
      yo: "Fi koríko gbígbẹ tàbí àṣẹ́kù irúgbìn bo ilẹ̀ kí ó lè di ọ̀rinrin mú.",
    },
    {
      en: "Water at the base of the plants, not on the leaves, early or late in the day.",
      fr: "Arrosez au pied des plantes, pas sur les feuilles, tôt le matin ou en fin de journée.",
      ha: "Ka shayar a gindin shuke-shuke, ba a kan ganye ba, da sassafe ko da yamma.",
      ig: "Gbanye mmiri n'ukwu osisi, ọ bụghị n'elu akwụkwọ, n'isi ụtụtụ ma ọ bụ n'uhuruchi.",
      yo: "Bu omi sí ìdí ewéko, kì í ṣe sórí ewé, ní kùtùkùtù òwúrọ̀ tàbí ní ìrọ̀lẹ́.",
    },
    {
      en: "Keep fertiliser a hand's width away from the stem.",
      fr: "Gardez l'engrais à une largeur de main de la tige.",
      ha: "Ka sa taki nesa da kara kamar fadin tafin hannu.",
      ig: "Tinye fatịlaịza n'ebe dị anya site n'osisi, ihe dị ka obosara aka.",
      yo: "Fi ajílẹ̀ sí ibi tí ó jìnnà sí igi ewéko tó fífẹ̀ àtẹ́lẹwọ́ kan.",
    },
    {
      en: "Check whether young leaves brown too: if so, look for a disease and ask your extension officer.",
      fr: "Vérifiez si les jeunes feuilles brunissent aussi : si oui, pensez à une maladie et consultez votre agent de vulgarisation.",
      ha: "Duba ko ƙananan ganyaye ma suna yin ruwan kasa: idan haka ne, nemi cuta kuma ka tambayi jami'in faɗakar da manoma.",
      ig: "Lelee ma akwụkwọ ndị na-eto eto na-achakwa aja aja: ọ bụrụ otú ahụ, chọọ ọrịa ma jụọ onye ndụmọdụ ọrụ ugbo.",
      yo: "Wò bóyá àwọn ewé ọ̀dọ́ náà ń di àwọ̀ ilẹ̀: tí ó bá rí bẹ́ẹ̀, wá àrùn kí o sì béèrè lọ́wọ́ òṣìṣẹ́ ìtọ́sọ́nà àgbẹ̀.",
    },
  ],
};

/** Fall armyworm eats holes, which colour cannot see well: a note and a scouting step for maize and sorghum. */
export const FALL_ARMYWORM: { note: Localized; recommendation: Localized } = {
  note: {
    en: "On maize and sorghum, also think of fall armyworm: the photo's colours cannot see holes well, so look at the plants for ragged holes and see-through windows in the leaves, wet sawdust-like droppings (frass) in the funnel, and caterpillars with an upside-down Y on the head.",
    fr: "Sur le maïs et le sorgho, pensez aussi à la chenille légionnaire d'automne : les couleurs de la photo voient mal les trous, alors examinez les plantes : trous déchiquetés et fenêtres translucides dans les feuilles, excréments humides comme de la sciure dans le cornet, chenilles avec un Y inversé sur la tête.",
    ha: "A masara da dawa, ka yi tunanin tsutsar fall armyworm: launukan hoto ba sa ganin ramuka da kyau, don haka ka duba shuke-shuken da kanka: ramuka masu kaushi da wuraren da ganye ya yi siriri, kashin tsutsa mai kama da garin katako a cikin tsakiyar shuka, da tsutsotsi masu alamar Y a juye a kansu.",
    ig: "N'ọka na sorghum, chekwaa maka ikpuru fall armyworm: agba foto anaghị ahụ oghere nke ọma, ya mere lelee osisi ndị ahụ n'onwe gị: oghere gbawara agbawa na ebe akwụkwọ dị gịrịgịrị, nsị ikpuru dị mmiri yiri ntụ osisi n'ime etiti osisi, na ikpuru nwere akara Y tụgharịrị n'isi ya.",
    yo: "Lára àgbàdo àti ọkà bàbà, tún ronú nípa kòkòrò fall armyworm: àwọ̀ fọ́tò kò lè rí ihò dáadáa, nítorí náà fúnra rẹ yẹ ewéko wò: ihò ṣákaṣàka àti ibi tí ewé ti tín-ínrín, ìgbẹ́ kòkòrò tí ó tutù bí ìyẹ̀fun igi nínú òkè àárín ewéko, àti ìdin tí ó ní àmì Y dídojúdé lórí.",
  },
  recommendation: {
    en: "Scout 20 plants across the field twice a week; where many show fresh damage, hand-pick the caterpillars, put a pinch of wood ash or fine sand in the funnel, or apply an approved insecticide into the funnel following the label.",
    fr: "Inspectez 20 plantes à travers le champ deux fois par semaine ; si beaucoup montrent des dégâts frais, ramassez les chenilles à la main, mettez une pincée de cendre ou de sable fin dans le cornet, ou appliquez un insecticide homologué dans le cornet selon l'étiquette.",
    ha: "Duba shuke-shuke 20 a sassa daban-daban na gona sau biyu a mako; idan da yawa suna da sabuwar ɓarna, tsince tsutsotsin da hannu, zuba tokar itace ko yashi mai laushi kaɗan a tsakiyar shuka, ko ka sa maganin kwari da aka amince da shi a tsakiyar shukar bisa ga umarnin kwalbar.",
    ig: "Lelee osisi 20 n'akụkụ dị iche iche nke ugbo ugboro abụọ n'izu; ebe ọtụtụ nwere mmebi ọhụrụ, jiri aka tụtụpụ ikpuru ndị ahụ, tinye ntakịrị ntụ nkụ ma ọ bụ ájá dị nro n'etiti osisi, ma ọ bụ tinye ọgwụ ahụhụ a kwadoro n'etiti osisi dị ka e dere n'ahụ karama ya.",
    yo: "Yẹ ewéko 20 wò káàkiri oko lẹ́ẹ̀mejì lọ́sẹ̀; níbi tí ọ̀pọ̀ bá ti ní ìbàjẹ́ tuntun, fi ọwọ́ ṣa àwọn ìdin náà, fi eérú igi tàbí iyanrìn kíkúnná díẹ̀ sí òkè àárín ewéko, tàbí lo oògùn kòkòrò tí a fọwọ́ sí sínú rẹ̀ gẹ́gẹ́ bí àlàyé orí ìgò.",
  },
};
