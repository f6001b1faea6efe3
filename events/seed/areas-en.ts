/**
 * English names of the divisions of ./areas.ts by code, in Hanyu Pinyin with the usual English words for the
 * level (Yanta District, Taibai County; prefecture and county-level cities by their bare name, as their own
 * English sites write them). Generated once with pinyin-pro and read over for the polyphones (长安 Chang'an,
 * 秦都 Qindu, 柞水 Zhashui, 乾县 Qianxian, 佛坪 Foping, 澄城 Chengcheng).
 */
export const areaEnglish: Readonly<Record<string, string>> = {
  "610000": "Shaanxi Province", // 陕西省
  "610100": "Xi'an", // 西安市
  "610102": "Xincheng District", // 新城区
  "610103": "Beilin District", // 碑林区
  "610104": "Lianhu District", // 莲湖区
  "610111": "Baqiao District", // 灞桥区
  "610112": "Weiyang District", // 未央区
  "610113": "Yanta District", // 雁塔区
  "610114": "Yanliang District", // 阎良区
  "610115": "Lintong District", // 临潼区
  "610116": "Chang'an District", // 长安区
  "610117": "Gaoling District", // 高陵区
  "610118": "Huyi District", // 鄠邑区
  "610122": "Lantian County", // 蓝田县
  "610124": "Zhouzhi County", // 周至县
  "610200": "Tongchuan", // 铜川市
  "610202": "Wangyi District", // 王益区
  "610203": "Yintai District", // 印台区
  "610204": "Yaozhou District", // 耀州区
  "610222": "Yijun County", // 宜君县
  "610300": "Baoji", // 宝鸡市
  "610302": "Weibin District", // 渭滨区
  "610303": "Jintai District", // 金台区
  "610304": "Chencang District", // 陈仓区
  "610305": "Fengxiang District", // 凤翔区
  "610323": "Qishan County", // 岐山县
  "610324": "Fufeng County", // 扶风县
  "610326": "Meixian County", // 眉县
  "610327": "Longxian County", // 陇县
  "610328": "Qianyang County", // 千阳县
  "610329": "Linyou County", // 麟游县
  "610330": "Fengxian County", // 凤县
  "610331": "Taibai County", // 太白县
  "610400": "Xianyang", // 咸阳市
  "610402": "Qindu District", // 秦都区
  "610403": "Yangling District", // 杨陵区
  "610404": "Weicheng District", // 渭城区
  "610422": "Sanyuan County", // 三原县
  "610423": "Jingyang County", // 泾阳县
  "610424": "Qianxian County", // 乾县
  "610425": "Liquan County", // 礼泉县
  "610426": "Yongshou County", // 永寿县
  "610428": "Changwu County", // 长武县
  "610429": "Xunyi County", // 旬邑县
  "610430": "Chunhua County", // 淳化县
  "610431": "Wugong County", // 武功县
  "610481": "Xingping", // 兴平市
  "610482": "Binzhou", // 彬州市
  "610500": "Weinan", // 渭南市
  "610502": "Linwei District", // 临渭区
  "610503": "Huazhou District", // 华州区
  "610522": "Tongguan County", // 潼关县
  "610523": "Dali County", // 大荔县
  "610524": "Heyang County", // 合阳县
  "610525": "Chengcheng County", // 澄城县
  "610526": "Pucheng County", // 蒲城县
  "610527": "Baishui County", // 白水县
  "610528": "Fuping County", // 富平县
  "610581": "Hancheng", // 韩城市
  "610582": "Huayin", // 华阴市
  "610600": "Yan'an", // 延安市
  "610602": "Baota District", // 宝塔区
  "610603": "Ansai District", // 安塞区
  "610621": "Yanchang County", // 延长县
  "610622": "Yanchuan County", // 延川县
  "610625": "Zhidan County", // 志丹县
  "610626": "Wuqi County", // 吴起县
  "610627": "Ganquan County", // 甘泉县
  "610628": "Fuxian County", // 富县
  "610629": "Luochuan County", // 洛川县
  "610630": "Yichuan County", // 宜川县
  "610631": "Huanglong County", // 黄龙县
  "610632": "Huangling County", // 黄陵县
  "610681": "Zichang", // 子长市
  "610700": "Hanzhong", // 汉中市
  "610702": "Hantai District", // 汉台区
  "610703": "Nanzheng District", // 南郑区
  "610722": "Chenggu County", // 城固县
  "610723": "Yangxian County", // 洋县
  "610724": "Xixiang County", // 西乡县
  "610725": "Mianxian County", // 勉县
  "610726": "Ningqiang County", // 宁强县
  "610727": "Lueyang County", // 略阳县
  "610728": "Zhenba County", // 镇巴县
  "610729": "Liuba County", // 留坝县
  "610730": "Foping County", // 佛坪县
  "610800": "Yulin", // 榆林市
  "610802": "Yuyang District", // 榆阳区
  "610803": "Hengshan District", // 横山区
  "610822": "Fugu County", // 府谷县
  "610824": "Jingbian County", // 靖边县
  "610825": "Dingbian County", // 定边县
  "610826": "Suide County", // 绥德县
  "610827": "Mizhi County", // 米脂县
  "610828": "Jiaxian County", // 佳县
  "610829": "Wubao County", // 吴堡县
  "610830": "Qingjian County", // 清涧县
  "610831": "Zizhou County", // 子洲县
  "610881": "Shenmu", // 神木市
  "610900": "Ankang", // 安康市
  "610902": "Hanbin District", // 汉滨区
  "610921": "Hanyin County", // 汉阴县
  "610922": "Shiquan County", // 石泉县
  "610923": "Ningshan County", // 宁陕县
  "610924": "Ziyang County", // 紫阳县
  "610925": "Langao County", // 岚皋县
  "610926": "Pingli County", // 平利县
  "610927": "Zhenping County", // 镇坪县
  "610929": "Baihe County", // 白河县
  "610981": "Xunyang", // 旬阳市
  "611000": "Shangluo", // 商洛市
  "611002": "Shangzhou District", // 商州区
  "611021": "Luonan County", // 洛南县
  "611022": "Danfeng County", // 丹凤县
  "611023": "Shangnan County", // 商南县
  "611024": "Shanyang County", // 山阳县
  "611025": "Zhen'an County", // 镇安县
  "611026": "Zhashui County", // 柞水县
};
